import { EntryEdit } from '../EntryEdit';

/** 修改通讯录成员 (/portal/myOrg/gslAddress/updateAcount?id=): an entry's place in the federation's book. */
export default function GslUpdateAccountPage() {
  return <EntryEdit kind="aoc" title="修改通讯录成员" back="/portal/myOrg/gslAddress" editCode="myorg_gsl_address_edit" testId="gsl-update" />;
}
