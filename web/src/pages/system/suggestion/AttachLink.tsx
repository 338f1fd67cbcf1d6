import { Button } from 'antd';
import { tellUnhandled } from '../../../api/http';
import { openAttach } from '../../../api/resource/attach';

/** The suggestion's attachment: opens in a new tab through a short-lived link (no token in the URL). */
export function AttachLink({ link, name }: { link: string; name: string }) {
  const publicId = new URL(link, window.location.origin).searchParams.get('id');
  if (!publicId) return <>{name}</>;
  return (
    <Button type="link" size="small" style={{ padding: 0 }} onClick={() => void openAttach(publicId).catch(tellUnhandled)} aria-label={`打开附件 ${name}`}>
      {name}
    </Button>
  );
}
