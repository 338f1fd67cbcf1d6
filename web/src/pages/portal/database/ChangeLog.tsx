import type { CSSProperties } from 'react';
import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { Empty, Table, Tag, type TablePaginationConfig } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { PageResult } from '@gsl/contract';
import { loggerPage, type LogChange, type LogRecord } from '../../../api/member';
import { usePagination } from '../../../components/pagination';
import { LoadError } from '../../../components/LoadError';
import { RecordDrawer } from './RecordDrawer';

const MODE_COLORS: Record<string, string> = { insert: 'green', update: 'blue', delete: 'red' };

/** "old → new" of every changed field (an empty side shows as 空). */
export function ChangeList({ changes }: { changes: LogChange[] }) {
  if (!changes.length) return <span className="member-log__none">-</span>;
  return (
    <ul className="member-log__changes">
      {changes.map((c) => (
        <li key={c.id} data-testid="member-log-change">
          <b>{c.fieldLabel}</b>：<span className="member-log__old">{c.oldValue ?? '空'}</span> → <span className="member-log__new">{c.newValue ?? '空'}</span>
        </li>
      ))}
    </ul>
  );
}

export const logColumns = (withRecord: boolean): ColumnsType<LogRecord> => [
  { key: 'createTime', dataIndex: 'createTime', title: '操作时间', width: 170 },
  { key: 'createName', dataIndex: 'createName', title: '操作人', width: 110, render: (_: unknown, r: LogRecord) => r.createName || r.createBy || '-' },
  ...(withRecord
    ? [
        { key: 'tagName', dataIndex: 'tagName', title: '记录类型', width: 100 },
        { key: 'recordName', dataIndex: 'recordName', title: '记录名称', width: 200, ellipsis: true },
      ]
    : []),
  {
    key: 'modeName',
    dataIndex: 'modeName',
    title: '操作类型',
    width: 90,
    render: (_: unknown, r: LogRecord) => <Tag color={MODE_COLORS[r.mode]}>{r.modeName}</Tag>,
  },
  { key: 'changes', dataIndex: 'changes', title: '变更内容', render: (_: unknown, r: LogRecord) => <ChangeList changes={r.changes ?? []} /> },
];

/** A page of change records with its paging, and its empty or failed state; `withRecord` adds which record changed. */
export function LogTable({
  list,
  pagination,
  withRecord,
  testId,
  size,
  style,
}: {
  list: UseQueryResult<PageResult<LogRecord>>;
  pagination: (total?: number) => TablePaginationConfig;
  withRecord: boolean;
  testId: string;
  size: 'small' | 'middle';
  style?: CSSProperties;
}) {
  return (
    <Table<LogRecord>
      rowKey="id"
      size={size}
      style={style}
      data-testid={testId}
      loading={list.isFetching}
      columns={logColumns(withRecord)}
      dataSource={list.data?.records ?? []}
      pagination={pagination(list.data?.total)}
      locale={{
        emptyText: list.isError ? <LoadError onRetry={list.refetch} /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无变更记录" />,
      }}
    />
  );
}

export type HistoryLoader = (page: { current: number; size: number }, signal: AbortSignal) => Promise<PageResult<LogRecord>>;

/**
 * One record's field-level change history, newest first: a member's from auto/logger/page (recordId and
 * its tag), or another record's from `load` (e.g. a profile's personbase/log).
 */
export function RecordHistory({ tag, recordId, load }: { tag: string; recordId: string; load?: HistoryLoader }) {
  const { query: page, pagination } = usePagination();
  const list = useQuery({
    queryKey: ['member', 'log', 'record', tag, recordId, page],
    queryFn: ({ signal }) => (load ? load(page, signal) : loggerPage({ tags: tag, recordId, ...page }, signal)),
    placeholderData: keepPreviousData,
  });
  return <LogTable list={list} pagination={pagination} withRecord={false} testId="member-history" size="small" />;
}

/** A record's history in a drawer: a member's by default, another record's through `load` (e.g. a chamber's chambercommerce/log). */
export function ChangeLogDrawer({
  tag,
  record,
  onClose,
  load,
}: {
  tag: string;
  record: { id: string; name: string } | undefined;
  onClose: () => void;
  load?: (recordId: string, ...rest: Parameters<HistoryLoader>) => ReturnType<HistoryLoader>;
}) {
  return (
    <RecordDrawer record={record} title="变更记录" size={880} onClose={onClose} testId="member-history-drawer">
      {record && <RecordHistory tag={tag} recordId={record.id} load={load && ((page, signal) => load(record.id, page, signal))} />}
    </RecordDrawer>
  );
}
