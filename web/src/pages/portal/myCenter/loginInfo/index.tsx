import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Segmented, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { myCenterKeys, myLoginLog, type LoginLogView } from '../../../../api/mycenter/profile';
import { LoadError } from '../../../../components/LoadError';
import { usePagination } from '../../../../components/pagination';
import { MyCenterLayout } from '../MyCenterLayout';
import { LOGIN_RESULT_FILTERS, clientOf, loginQueryOf, type LoginResultFilter } from '../myCenterLogic';

const COLUMNS: ColumnsType<LoginLogView> = [
  { title: '登录时间', dataIndex: 'createTime', width: 180 },
  { title: '登录地址', dataIndex: 'remoteIp', width: 160, render: (v: string | null) => v || '-' },
  { title: '登录方式', dataIndex: 'loginTypeName', width: 140 },
  {
    title: '客户端',
    dataIndex: 'userAgent',
    render: (v: string | null) => (
      <Tooltip title={v || undefined}>
        <span>{clientOf(v)}</span>
      </Tooltip>
    ),
  },
  {
    title: '结果',
    dataIndex: 'success',
    width: 220,
    render: (v: number, r) =>
      v === 1 ? (
        <Tag color="success">成功</Tag>
      ) : (
        <span>
          <Tag color="error">失败</Tag>
          {r.message}
        </span>
      ),
  },
];

/**
 * 登录信息 (/portal/myCenter/loginInfo; §7 "User login log"): the user's own sign-ons, newest first and
 * paged — time, address, how, client and result (a refused one with its reason) — filtered by result.
 * Only the own account's entries exist for this call (login-log/own).
 */
export default function LoginInfoPage() {
  const [filter, setFilter] = useState<LoginResultFilter>('all');
  const { query: page, pagination, reset } = usePagination();
  const query = loginQueryOf(filter, page);
  const list = useQuery({
    queryKey: myCenterKeys.logins(query),
    queryFn: ({ signal }) => myLoginLog(query, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <MyCenterLayout
      title="登录信息"
      extra={
        <Segmented<LoginResultFilter>
          aria-label="登录结果"
          options={LOGIN_RESULT_FILTERS}
          value={filter}
          onChange={(v) => {
            setFilter(v);
            reset();
          }}
          data-testid="my-logins-filter"
        />
      }
    >
      {list.isError ? (
        <LoadError message="登录记录加载失败" onRetry={list.refetch} testId="my-logins-error" />
      ) : (
        <Table<LoginLogView>
          rowKey="id"
          size="middle"
          columns={COLUMNS}
          dataSource={list.data?.records ?? []}
          loading={list.isFetching}
          pagination={pagination(list.data?.total)}
          locale={{ emptyText: list.isPending ? '加载中' : '暂无登录记录' }}
          scroll={{ x: 800 }}
          data-testid="my-logins"
        />
      )}
    </MyCenterLayout>
  );
}
