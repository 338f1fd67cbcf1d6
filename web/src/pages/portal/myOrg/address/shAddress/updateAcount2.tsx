import { EntryEdit } from '../EntryEdit';

/** 修改商会通讯录成员 (/portal/myOrg/shAddress/updateAcount2?id=): an entry's place in the chamber's book. */
export default function ShUpdateAccountPage() {
  return <EntryEdit kind="coc" title="修改商会通讯录成员" back="/portal/myOrg/shAddress" editCode="myorg_sh_address_edit" testId="sh-update" />;
}
