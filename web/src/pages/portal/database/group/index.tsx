import { MemberListPage } from '../MemberListPage';

/** /portal/database/group (issue 5): see MemberListPage. */
export default function Page() {
  return <MemberListPage kind="group" />;
}
