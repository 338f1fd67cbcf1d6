import { MemberListPage } from '../MemberListPage';

/** /portal/database/enterprise (issue 5): see MemberListPage. */
export default function Page() {
  return <MemberListPage kind="enterprise" />;
}
