import { PageEmpty } from '../../components/PageEmpty';
import type { PageProps } from '../../app/lazyPage';

/** The routed page of every screen that has no content yet (one shared lazy chunk). */
export default function ComingSoon({ title, note }: PageProps) {
  return <PageEmpty title={title} note={note} />;
}
