import { AddToBook } from '../AddToBook';

/** 新增商会通讯录成员 (/portal/myOrg/shAddress/addAcount2): accounts of the chamber put into its book. */
export default function ShAddAccountPage() {
  return <AddToBook kind="coc" title="新增商会通讯录成员" back="/portal/myOrg/shAddress" testId="sh-add" />;
}
