import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Drawer, Empty, Input, Segmented, Statistic, Table } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { MEMBER_KINDS, MEMBER_KIND_LABELS, type MemberKind, type PageResult } from '@gsl/contract';
import {
  MEMBER_APIS,
  MEMBER_PERMISSION,
  chamberLog,
  chamberPage,
  useMemberCount,
  type ChamberRow,
  type MemberCount,
  type MemberRow,
} from '../../../api/member';
import { useCan } from '../../../components/Access';
import { usePagination } from '../../../components/pagination';
import { withEllipsis } from '../../../components/crud/EllipsisCell';
import { actionColumnWidth } from '../../../components/crud/tableFit';
import { useTableFit } from '../../../components/crud/useTableFit';
import { ChangeLogDrawer } from './ChangeLog';
import { DatabaseNav } from './DatabaseNav';
import { memberColumns } from './kinds';
import { MemberDetailDrawer } from './MemberDetail';
import { CHAMBER_DETAIL, chamberColumn, chamberNameColumn, dash } from './chamber/chamberKit';
import { LoadError } from '../../../components/LoadError';
import './database.css';

export type SearchType = MemberKind | 'chamber';
const TYPE_LABELS: Record<SearchType, string> = { ...MEMBER_KIND_LABELS, chamber: '商会' };

/** The figures' bars: each kind's share of the total (a CSS chart: the web has no chart library). */
export function countBars(count: MemberCount | undefined): Array<{ key: MemberKind; label: string; value: number; percent: number }> {
  const max = Math.max(0, ...MEMBER_KINDS.map((k) => count?.[k] ?? 0));
  return MEMBER_KINDS.map((k) => {
    const value = count?.[k] ?? 0;
    return { key: k, label: MEMBER_KIND_LABELS[k], value, percent: max ? Math.round((value / max) * 1000) / 10 : 0 };
  });
}

function Figures() {
  const count = useMemberCount();
  const stat = (title: string, value: number | undefined, testId: string) => (
    <Card size="small" data-testid={testId}>
      <Statistic title={title} value={value ?? 0} loading={count.isPending} suffix="个" />
    </Card>
  );
  return (
    <div className="member-db__stats">
      {stat('会员总数', count.data?.total, 'db-count-total')}
      {MEMBER_KINDS.map((k) => stat(MEMBER_KIND_LABELS[k], count.data?.[k], `db-count-${k}`))}
      <Card size="small" title="会员构成" data-testid="db-count-chart">
        {count.isError ? (
          <Button size="small" icon={<ReloadOutlined />} onClick={() => void count.refetch()}>
            数据加载失败，重新加载
          </Button>
        ) : (
          <div className="member-db__chart">
            {countBars(count.data).map((b) => (
              <div className="member-db__bar-row" key={b.key}>
                <span>{b.label}</span>
                <div className="member-db__bar-track">
                  <div className="member-db__bar" style={{ width: `${b.percent}%` }} data-testid={`db-bar-${b.key}`} />
                </div>
                <span>{b.value}</span>
              </div>
            ))}
          </div>
        )}
      </Card>
    </div>
  );
}

export function ChamberDetailDrawer({ row, onClose }: { row: ChamberRow | undefined; onClose: () => void }) {
  return (
    <Drawer open={Boolean(row)} onClose={onClose} size={720} title="商会详情" destroyOnHidden data-testid="chamber-detail">
      {row && <Descriptions bordered size="small" column={2} items={CHAMBER_DETAIL.map(([f, label]) => ({ key: f, label, children: dash(row[f]) }))} />}
    </Drawer>
  );
}

const chamberColumns = (open: (row: ChamberRow) => void, history?: (row: ChamberRow) => void): ColumnsType<ChamberRow> => [
  chamberNameColumn(open),
  chamberColumn('chamberType', 130),
  chamberColumn('homeRegion', 120),
  chamberColumn('presidentName', 100),
  chamberColumn('deptId', 180, 110),
  ...(history
    ? [
        {
          key: '__actions',
          title: '操作',
          width: actionColumnWidth(['变更记录']),
          align: 'center' as const,
          ellipsis: false,
          render: (_: unknown, r: ChamberRow) => (
            <Button type="link" size="small" onClick={() => history(r)} data-testid={`chamber-history-${r.id}`}>
              变更记录
            </Button>
          ),
        },
      ]
    : []),
];

/**
 * 数据库查询 (/portal/database): the member figures (total, enterprise, group, person) with a
 * bar chart of the three kinds; a search over enterprises, groups, persons or chambers by name with
 * paging and sorting by the list's sortable columns (name, codes, join date, status …); a result opens its detail (and from there its 变更记录).
 */
export default function DatabaseHome() {
  const can = useCan();
  const types = (['enterprise', 'group', 'person', 'chamber'] as SearchType[]).filter((t) => t === 'chamber' || can(MEMBER_PERMISSION[t]));
  const [picked, setPicked] = useState<SearchType>();
  const type = picked && types.includes(picked) ? picked : types[0];
  const [text, setText] = useState('');
  const [name, setName] = useState('');
  const [sort, setSort] = useState<{ field?: string; order?: 'ascend' | 'descend' | null }>({});
  const { query: page, pagination, reset } = usePagination();
  const [detail, setDetail] = useState<string>();
  const [chamber, setChamber] = useState<ChamberRow>();
  const [history, setHistory] = useState<{ id: string; name: string }>();

  const order = sort.field && sort.order ? { [sort.order === 'ascend' ? 'ascs' : 'descs']: sort.field } : {};
  const query = { ...page, ...(name ? { name } : {}), ...order };
  const list = useQuery<PageResult<MemberRow | ChamberRow>>({
    queryKey: ['member', 'search', type, query],
    queryFn: ({ signal }) => (type === 'chamber' ? chamberPage(query, signal) : MEMBER_APIS[type].list(query, signal)),
    placeholderData: keepPreviousData,
    enabled: Boolean(type),
  });

  const switchType = (t: SearchType) => {
    setPicked(t);
    setHistory(undefined);
    setSort({});
    reset();
  };
  const search = (value: string) => {
    setText(value);
    setName(value.trim());
    reset();
  };

  const memberCols =
    type && type !== 'chamber'
      ? memberColumns(type, (row) => setDetail(row.id)).map((c) =>
          'sorter' in c && c.sorter ? { ...c, sortOrder: sort.field === c.key ? sort.order : null } : c,
        )
      : [];
  const columns = (
    type === 'chamber' ? chamberColumns(setChamber, can('chamber') ? (r) => setHistory({ id: r.id, name: r.name }) : undefined) : memberCols
  ) as ColumnsType<MemberRow | ChamberRow>;
  const { measure, columns: fittedColumns, scroll } = useTableFit(withEllipsis(columns), false);

  return (
    <div className="member-db" data-testid="database-home">
      <DatabaseNav />
      <Figures />
      <Card size="small" title="数据查询">
        <div className="member-db__search">
          <Segmented<SearchType> value={type} onChange={switchType} options={types.map((t) => ({ value: t, label: TYPE_LABELS[t] }))} data-testid="db-type" />
          <Input.Search
            allowClear
            value={text}
            onChange={(e) => setText(e.target.value)}
            onSearch={search}
            placeholder={type === 'person' ? '请输入姓名' : '请输入名称'}
            enterButton="搜索"
            style={{ maxWidth: 360 }}
            data-testid="db-search"
          />
        </div>
        <div ref={measure}>
          <Table<MemberRow | ChamberRow>
            rowKey="id"
            size="middle"
            style={{ marginTop: 12 }}
            data-testid="db-results"
            loading={list.isFetching}
            columns={fittedColumns}
            dataSource={list.data?.records ?? []}
            tableLayout="fixed"
            scroll={scroll}
            pagination={pagination(list.data?.total)}
            onChange={(_p, _f, sorter) => {
              const s = Array.isArray(sorter) ? sorter[0] : sorter;
              const next = { field: s?.order ? String(s.columnKey) : undefined, order: s?.order ?? null };
              if (next.field !== sort.field || next.order !== sort.order) {
                setSort(next);
                reset();
              }
            }}
            locale={{
              emptyText: list.isError ? <LoadError onRetry={list.refetch} /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />,
            }}
          />
        </div>
      </Card>
      {type && type !== 'chamber' && (
        <MemberDetailDrawer kind={type} id={detail} onClose={() => setDetail(undefined)} onHistory={(row) => setHistory({ id: row.id, name: row.name })} />
      )}
      {type && type !== 'chamber' && <ChangeLogDrawer tag={type} record={history} onClose={() => setHistory(undefined)} />}
      <ChamberDetailDrawer row={chamber} onClose={() => setChamber(undefined)} />
      {type === 'chamber' && <ChangeLogDrawer tag="chamber" record={history} onClose={() => setHistory(undefined)} load={chamberLog} />}
    </div>
  );
}
