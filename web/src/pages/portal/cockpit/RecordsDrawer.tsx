import { useState } from 'react';
import { Alert, Button, Drawer, Segmented, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { MEMBER_KIND_LABELS, PAGE_SIZE_OPTIONS, type MemberKind, type PageResult } from '@gsl/contract';
import { get } from '../../../api/http';
import { useCockpitRecords, type CockpitRecord, type RecordFilter } from '../../../api/portal/cockpit';

/** What a figure opens: member records (one or several kinds) or the chambers of one type. */
export type Drill = { title: string; filter: RecordFilter; kinds: MemberKind[] } | { title: string; chamberType: number };

const MEMBER_SCREENS: Record<MemberKind, string> = {
  enterprise: '/portal/database/enterprise',
  group: '/portal/database/group',
  person: '/portal/database/person',
};

function memberColumns(kind: MemberKind): ColumnsType<CockpitRecord> {
  return [
    { key: 'name', dataIndex: 'name', title: kind === 'person' ? '姓名' : '名称', ellipsis: true },
    { key: 'deptName', dataIndex: 'deptName', title: '所属组织', ellipsis: true, render: (v: string | null) => v ?? '-' },
    ...(kind === 'person'
      ? []
      : [{ key: 'creditCode', dataIndex: 'creditCode', title: '统一社会信用代码', width: 190, render: (v: string | null) => v ?? '-' }]),
    ...(kind === 'enterprise' ? [{ key: 'industry', dataIndex: 'industry', title: '所属行业', width: 140, render: (v: string | null) => v || '-' }] : []),
    { key: 'joinDate', dataIndex: 'joinDate', title: '入会日期', width: 110, render: (v: string | null) => v ?? '-' },
    { key: 'updateTime', dataIndex: 'updateTime', title: '更新时间', width: 170 },
  ];
}

function MemberRecords({ filter, kinds }: { filter: RecordFilter; kinds: MemberKind[] }) {
  const [kind, setKind] = useState<MemberKind>(filter.kind ?? kinds[0]);
  const [page, setPage] = useState({ current: 1, size: 10 });
  const navigate = useNavigate();
  const q = useCockpitRecords({ ...filter, kind }, page.current, page.size);
  return (
    <>
      {kinds.length > 1 && (
        <Segmented<MemberKind>
          aria-label="会员类型"
          value={kind}
          options={kinds.map((k) => ({ value: k, label: MEMBER_KIND_LABELS[k] }))}
          onChange={(k) => {
            setKind(k);
            setPage((p) => ({ ...p, current: 1 }));
          }}
          style={{ marginBottom: 12 }}
        />
      )}
      {q.isError ? (
        <Alert type="error" showIcon title="记录加载失败" />
      ) : (
        <Table<CockpitRecord>
          data-testid="cockpit-records"
          rowKey="id"
          size="small"
          loading={q.isFetching}
          columns={memberColumns(kind)}
          dataSource={q.data?.records ?? []}
          locale={{ emptyText: '暂无记录' }}
          pagination={{
            current: page.current,
            pageSize: page.size,
            total: q.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
            showTotal: (total) => <span data-testid="cockpit-records-total">共 {total} 条</span>,
            onChange: (current, size) => setPage({ current, size }),
          }}
        />
      )}
      <Button type="link" onClick={() => navigate(MEMBER_SCREENS[kind])}>
        在数据库查询 › {MEMBER_KIND_LABELS[kind]}中维护
      </Button>
    </>
  );
}

interface ChamberRow {
  id: string;
  name: string;
  deptName: string | null;
  homeRegion: string | null;
  presidentName: string | null;
}

function ChamberRecords({ chamberType }: { chamberType: number }) {
  const [page, setPage] = useState({ current: 1, size: 10 });
  const navigate = useNavigate();
  const q = useQuery({
    queryKey: ['cockpit', 'chambers', chamberType, page],
    queryFn: ({ signal }) => get<PageResult<ChamberRow>>('/api/aoc-service/chamber/list', { chamberType, current: page.current, size: page.size }, { signal }),
  });
  if (q.isError) return <Alert type="error" showIcon title="商会列表加载失败" />;
  return (
    <>
      <Table<ChamberRow>
        data-testid="cockpit-records"
        rowKey="id"
        size="small"
        loading={q.isFetching}
        dataSource={q.data?.records ?? []}
        locale={{ emptyText: '暂无商会' }}
        columns={[
          { key: 'name', dataIndex: 'name', title: '商会名称', ellipsis: true },
          { key: 'deptName', dataIndex: 'deptName', title: '所属组织', ellipsis: true, render: (v: string | null) => v ?? '-' },
          { key: 'homeRegion', dataIndex: 'homeRegion', title: '籍贯地区', width: 110, render: (v: string | null) => v ?? '-' },
          { key: 'presidentName', dataIndex: 'presidentName', title: '会长', width: 100, render: (v: string | null) => v ?? '-' },
        ]}
        pagination={{
          current: page.current,
          pageSize: page.size,
          total: q.data?.total ?? 0,
          showTotal: (total) => <span data-testid="cockpit-records-total">共 {total} 条</span>,
          onChange: (current, size) => setPage({ current, size }),
        }}
      />
      <Button type="link" onClick={() => navigate('/portal/database/chamber')}>
        在数据库查询 › 商会管理中维护
      </Button>
    </>
  );
}

/** The records behind a figure, inside the viewer's scope (the server applies it). */
export function RecordsDrawer({ drill, onClose, container }: { drill: Drill | undefined; onClose: () => void; container?: HTMLElement | null }) {
  return (
    <Drawer
      open={Boolean(drill)}
      onClose={onClose}
      size="large"
      title={drill?.title}
      destroyOnHidden
      data-testid="cockpit-drawer"
      getContainer={container ?? undefined}
    >
      {drill && (
        <>
          <Typography.Paragraph type="secondary">以下记录均在您的数据权限范围内。</Typography.Paragraph>
          {'chamberType' in drill ? <ChamberRecords chamberType={drill.chamberType} /> : <MemberRecords filter={drill.filter} kinds={drill.kinds} />}
        </>
      )}
    </Drawer>
  );
}
