import { subordinateOrgs } from '../addressLogic';
import { OrgDirectory, OrgDirectoryFrame } from './OrgDirectory';

/** 下级组织 (/portal/myOrg/addressBookDetail/subordinateOrganization): the own level and the federations directly below, each with its book. */
export default function SubordinateOrganizationPage() {
  return (
    <OrgDirectoryFrame title="下级组织" note="本级及直接下级工商联,展开一行查看其通讯录。" testId="subordinate-orgs">
      <OrgDirectory pick={subordinateOrgs} empty="暂无下级组织" testId="subordinate-orgs-table" />
    </OrgDirectoryFrame>
  );
}
