import { Descriptions, Spin } from 'antd';
import { useDeptInfo } from '../../../../../api/portal/deptInfo';
import { LoadError } from '../../../../../components/LoadError';
import { AddressBookTable } from '../AddressBookTable';
import { OrgDirectoryFrame } from './OrgDirectory';

const CATEGORY: Record<number, string> = { 1: '工商联', 2: '商会', 3: '协会', 4: '办事机构' };
const LEVEL: Record<number, string> = { 1: '省级', 2: '市级', 3: '县级' };

/** 本组织信息 (/portal/myOrg/addressBookDetail/JAPIOList): the own org's names and kind, and its address book. */
export default function OwnOrgPage() {
  const info = useDeptInfo();
  let body;
  if (info.isError) body = <LoadError message="机构信息加载失败" onRetry={info.refetch} testId="own-org-error" />;
  else if (info.isPending) body = <Spin aria-label="加载中" />;
  else
    body = (
      <>
        <Descriptions bordered size="middle" column={2} style={{ marginBottom: 16 }} data-testid="own-org-info">
          <Descriptions.Item label="机构名称">{info.data.deptName}</Descriptions.Item>
          <Descriptions.Item label="组织全称">{info.data.orgName || '-'}</Descriptions.Item>
          <Descriptions.Item label="机构类型">{CATEGORY[info.data.deptCategory] ?? '-'}</Descriptions.Item>
          <Descriptions.Item label="行政级别">{info.data.regionLevel ? (LEVEL[info.data.regionLevel] ?? '-') : '-'}</Descriptions.Item>
        </Descriptions>
        <AddressBookTable
          kind="org"
          family={info.data.deptCategory === 1 ? 'aoc' : 'coc'}
          query={{ deptId: info.data.deptId }}
          editable={false}
          exportable={false}
          orderable={false}
          testId="own-org-book"
          label="本组织通讯录"
        />
      </>
    );
  return (
    <OrgDirectoryFrame title="本组织信息" note="本组织的基本信息与通讯录。" testId="own-org">
      {body}
    </OrgDirectoryFrame>
  );
}
