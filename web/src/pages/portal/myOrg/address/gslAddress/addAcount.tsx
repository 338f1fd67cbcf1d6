import { AddToBook } from '../AddToBook';

/** 新增通讯录成员 (/portal/myOrg/gslAddress/addAcount): accounts of the federation put into its book. */
export default function GslAddAccountPage() {
  return <AddToBook kind="aoc" title="新增通讯录成员" back="/portal/myOrg/gslAddress" testId="gsl-add" />;
}
