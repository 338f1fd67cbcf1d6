import { useNavigate, useSearchParams } from 'react-router';
import { Button, Descriptions } from 'antd';
import { useDeptTree } from '../../../../../api/system/dept';
import { AddressBookTable } from '../AddressBookTable';
import { AddressPage } from '../AddressPage';
import { findOrg } from '../addressLogic';

const CATEGORY: Record<number, string> = { 1: '工商联', 2: '商会', 3: '协会', 4: '办事机构' };

/** 通讯录详情 (/portal/myOrg/addressBook/detail?deptId=): one org of the tree and everyone in its book. */
export default function AddressBookDetailPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const deptId = params.get('deptId') ?? undefined;
  const tree = useDeptTree();
  const org = findOrg(tree.data ?? [], deptId);
  return (
    <AddressPage
      title={org ? `${org.title} 通讯录` : '通讯录详情'}
      testId="address-book-detail-page"
      extra={<Button onClick={() => navigate('/portal/myOrg/addressBook')}>返回</Button>}
    >
      {org && (
        <Descriptions size="small" column={3} style={{ marginBottom: 12 }}>
          <Descriptions.Item label="机构名称">{org.title}</Descriptions.Item>
          <Descriptions.Item label="机构类型">{CATEGORY[org.deptCategory] ?? '-'}</Descriptions.Item>
          <Descriptions.Item label="下级机构">{org.children?.length ?? 0} 个</Descriptions.Item>
        </Descriptions>
      )}
      <AddressBookTable
        kind="org"
        family={org && org.deptCategory !== 1 ? 'coc' : 'aoc'}
        query={deptId ? { deptId } : {}}
        editable={false}
        exportable={false}
        orderable={false}
        testId="address-detail-book"
        label="机构通讯录"
      />
    </AddressPage>
  );
}
