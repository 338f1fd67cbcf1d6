import { MemberListPage } from '../MemberListPage';

/** /portal/database/person (issue 5): see MemberListPage. */
export default function Page() {
  return <MemberListPage kind="person" />;
}
