import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Segmented, Spin, Table } from 'antd';
import type { DeptTreeNode } from '@gsl/contract';
import { useDeptInfo } from '../../../../../api/portal/deptInfo';
import { useDeptTree } from '../../../../../api/system/dept';
import { LoadError } from '../../../../../components/LoadError';
import { AddressBookTable } from '../AddressBookTable';
import { AddressPage } from '../AddressPage';

const BASE = '/portal/myOrg/addressBookDetail';
const VIEWS = [
  { value: `${BASE}/JAPIOList`, label: '本组织信息' },
  { value: `${BASE}/subordinateOrganization`, label: '下级组织' },
  { value: `${BASE}/directCoC`, label: '直属商会' },
];
const CATEGORY: Record<number, string> = { 1: '工商联', 2: '商会', 3: '协会', 4: '办事机构' };

/** 组织信息's three views and the switch between them. */
export function OrgDirectoryFrame({ title, note, testId, children }: { title: string; note: string; testId: string; children: ReactNode }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <AddressPage title={title} note={note} testId={testId}>
      <Segmented
        className="address-nav"
        aria-label="组织信息"
        options={VIEWS}
        value={pathname}
        onChange={(v) => navigate(String(v))}
        data-testid="org-directory-nav"
      />
      {children}
    </AddressPage>
  );
}

/**
 * A list of orgs (the own level and the federations below, or the chambers attached), each row opening
 * to that org's address book (portal/currentOrgUserList).
 */
export function OrgDirectory({
  pick,
  empty,
  testId,
}: {
  pick: (forest: DeptTreeNode[], ownId: string | undefined) => DeptTreeNode[];
  empty: string;
  testId: string;
}) {
  const info = useDeptInfo();
  const tree = useDeptTree();
  if (tree.isError || info.isError)
    return (
      <LoadError
        message="机构加载失败"
        onRetry={() => {
          void tree.refetch();
          void info.refetch();
        }}
        testId={`${testId}-error`}
      />
    );
  if (tree.isPending || info.isPending) return <Spin aria-label="加载中" />;
  const orgs = pick(tree.data ?? [], info.data?.deptId);
  return (
    <Table<DeptTreeNode>
      rowKey="id"
      size="middle"
      pagination={false}
      dataSource={orgs}
      locale={{ emptyText: empty }}
      columns={[
        { title: '机构名称', dataIndex: 'title' },
        { title: '机构类型', dataIndex: 'deptCategory', width: 120, render: (v: number) => CATEGORY[v] ?? '-' },
        { title: '下级机构', key: 'children', width: 120, render: (_v, r) => `${r.children?.length ?? 0} 个` },
      ]}
      expandable={{
        expandRowByClick: false,
        expandedRowRender: (org) => (
          <AddressBookTable
            kind="org"
            family={org.deptCategory === 1 ? 'aoc' : 'coc'}
            query={{ deptId: org.id }}
            editable={false}
            exportable={false}
            orderable={false}
            testId={`${testId}-book`}
            label={`${org.title}通讯录`}
          />
        ),
      }}
      data-testid={testId}
    />
  );
}
