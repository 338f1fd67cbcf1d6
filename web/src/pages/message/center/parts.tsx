import { Button, Tag } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import { SEND_STATUS_NAMES, type SendView } from '@gsl/contract';
import { tellUnhandled } from '../../../api/http';
import { openAttach } from '../../../api/resource/attach';
import { publicIdOf, SEND_STATUS_COLORS } from './centerLogic';

/** Pieces the message screens share: a send's status, a message's body, its attachments. */

/** A send's status: its name in a coloured tag (the name says it, the colour repeats it). */
export function SendStatusTag({ send }: { send: Pick<SendView, 'status' | 'statusName'> }) {
  return (
    <Tag color={SEND_STATUS_COLORS[send.status] ?? 'default'} data-status={send.status}>
      {send.statusName || SEND_STATUS_NAMES[send.status] || send.status}
    </Tag>
  );
}

/**
 * An e-mail body as its recipient's mailbox shows it. The server sanitises the HTML before storing and
 * sending it (specification §7 content rules); here it is shown in a sandboxed frame that runs no script.
 */
export function MailBody({ html, title = '邮件正文' }: { html: string; title?: string }) {
  return <iframe className="msg-mail-frame" sandbox="" srcDoc={html} title={title} />;
}

/** Plain text with its line breaks (a notice's content). */
export function PlainText({ text }: { text: string }) {
  return <div className="msg-plain">{text}</div>;
}

/** Attachments as buttons that open the file through a short-lived download link (api/resource/attach). */
export function AttachmentLinks({ attachments }: { attachments: Array<{ name: string; link: string }> }) {
  return (
    <ul className="msg-attach__list" aria-label="附件">
      {attachments.map((a) => {
        const id = publicIdOf(a.link);
        return (
          <li key={a.link}>
            <Button type="link" size="small" icon={<PaperClipOutlined />} disabled={!id} onClick={() => id && openAttach(id).catch(tellUnhandled)}>
              {a.name}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
