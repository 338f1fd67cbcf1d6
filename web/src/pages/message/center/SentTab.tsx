import { useState } from 'react';
import { Button, Card, DatePicker, Form, Input, Select, Space, Table, Tag } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { CHANNEL_NAMES, SEND_STATUS_NAMES, type Channel, type SendView } from '@gsl/contract';
import { useSentList } from '../../../api/message/message';
import { useCan } from '../../../components/Access';
import { LoadError } from '../../../components/LoadError';
import { usePagination } from '../../../components/pagination';
import { withEllipsis } from '../../../components/crud/EllipsisCell';
import { sentQuery, type SentFilters } from './centerLogic';
import { SendStatusTag } from './parts';
import { SendDetailDrawer } from './SendDetailDrawer';

const CHANNEL_OPTIONS = (Object.keys(CHANNEL_NAMES) as Channel[]).map((value) => ({ value, label: CHANNEL_NAMES[value] }));
const STATUS_OPTIONS = Object.entries(SEND_STATUS_NAMES).map(([value, label]) => ({ value, label }));

const num = (v: number) => v;

function columns(open: ((row: SendView) => void) | undefined): ColumnsType<SendView> {
  const cols: ColumnsType<SendView> = [
    {
      key: 'title',
      title: '标题/内容',
      width: 280,
      render: (_: unknown, row) => (
        <>
          {row.urgent && (
            <Tag color="red" className="msg-urgent">
              紧急
            </Tag>
          )}
          {row.title || row.content}
        </>
      ),
    },
    { key: 'channel', dataIndex: 'channelName', title: '渠道', width: 90, align: 'center' },
    { key: 'status', title: '状态', width: 100, align: 'center', render: (_: unknown, row) => <SendStatusTag send={row} /> },
    { key: 'total', dataIndex: 'total', title: '接收人数', width: 90, align: 'right', render: num },
    { key: 'sent', dataIndex: 'sent', title: '已发送', width: 80, align: 'right', render: num },
    {
      key: 'failed',
      dataIndex: 'failed',
      title: '失败',
      width: 70,
      align: 'right',
      render: (v: number) => (v > 0 ? <span className="msg-failed">{v}</span> : v),
    },
    { key: 'read', dataIndex: 'read', title: '已读', width: 70, align: 'right', render: (v: number, row) => (row.channel === 'sys' ? v : '-') },
    { key: 'createUserName', dataIndex: 'createUserName', title: '发送人', width: 110, render: (v: string | null) => v ?? '-' },
    {
      key: 'createTime',
      dataIndex: 'createTime',
      title: '发送时间',
      width: 170,
      render: (v: string | null, row) => (row.notBefore && row.status === 'queued' ? `${v ?? '-'}(定于${row.notBefore})` : (v ?? '-')),
    },
  ];
  if (open)
    cols.push({
      key: 'actions',
      title: '操作',
      width: 80,
      fixed: 'right',
      ellipsis: false,
      render: (_: unknown, row) => (
        <Button
          type="link"
          size="small"
          onClick={() => open(row)}
          aria-label={`详情 ${row.title || row.content.slice(0, 20)}`}
          data-testid={`msg-sent-detail-${row.id}`}
        >
          详情
        </Button>
      ),
    });
  return withEllipsis(cols);
}

/**
 * 已发送 (publish/range/list): the sends of the user's scope with their channel, status and counts, filtered
 * by 渠道, 状态, 发送日期 and 标题; 详情 opens a send's recipients and its follow-up (message_view).
 */
export function SentTab() {
  const can = useCan();
  const [form] = Form.useForm<SentFilters>();
  const [filters, setFilters] = useState<Record<string, string>>({});
  const { query: page, pagination, reset } = usePagination();
  const list = useSentList({ ...filters, ...page });
  const [detail, setDetail] = useState<SendView | null>(null);
  const apply = (values: SentFilters) => {
    setFilters(sentQuery(values));
    reset();
  };
  return (
    <Card size="small" data-testid="msg-sent">
      <Form<SentFilters> form={form} layout="inline" onFinish={apply} className="msg-sent__search" data-testid="msg-sent-search">
        <Form.Item name="channel" label="渠道">
          <Select allowClear placeholder="全部" style={{ width: 120 }} options={CHANNEL_OPTIONS} aria-label="渠道" />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <Select allowClear placeholder="全部" style={{ width: 120 }} options={STATUS_OPTIONS} aria-label="状态" />
        </Form.Item>
        <Form.Item name="dates" label="发送日期">
          <DatePicker.RangePicker aria-label="发送日期" />
        </Form.Item>
        <Form.Item name="title" label="标题">
          <Input allowClear placeholder="请输入标题" />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            搜索
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              apply({});
            }}
          >
            清空
          </Button>
        </Space>
      </Form>
      {list.isError && !list.data ? (
        <LoadError onRetry={list.refetch} />
      ) : (
        <Table<SendView>
          rowKey="id"
          size="middle"
          className="msg-sent__table"
          loading={list.isFetching}
          dataSource={list.data?.records ?? []}
          columns={columns(can('message_view') ? setDetail : undefined)}
          pagination={pagination(list.data?.total)}
          scroll={{ x: 1200 }}
          data-testid="msg-sent-table"
        />
      )}
      <SendDetailDrawer send={detail} onClose={() => setDetail(null)} />
    </Card>
  );
}
