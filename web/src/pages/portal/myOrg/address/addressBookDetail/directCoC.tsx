import { directChambers } from '../addressLogic';
import { OrgDirectory, OrgDirectoryFrame } from './OrgDirectory';

/** 直属商会 (/portal/myOrg/addressBookDetail/directCoC): the chambers and associations directly attached, each with its book. */
export default function DirectCocPage() {
  return (
    <OrgDirectoryFrame title="直属商会" note="直属本组织的商会与协会,展开一行查看其通讯录。" testId="direct-coc">
      <OrgDirectory pick={directChambers} empty="暂无直属商会" testId="direct-coc-table" />
    </OrgDirectoryFrame>
  );
}
