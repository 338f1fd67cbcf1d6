import { useCallback, useState, type Key } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Badge, Button, Card, Descriptions, Modal, Segmented, Space, Spin, Table } from 'antd';
import { CheckOutlined, DeleteOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { MSG, type InboxView } from '@gsl/contract';
import { toast } from '../../../../api/feedback';
import { tellUnhandled } from '../../../../api/http';
import { inboxDetail, markAllRead, markRead, messageKeys, removeMessages, setReadState, useInboxList } from '../../../../api/message/message';
import { LoadError } from '../../../../components/LoadError';
import { usePagination } from '../../../../components/pagination';
import { withEllipsis } from '../../../../components/crud/EllipsisCell';
import { AttachmentLinks, PlainText } from '../../../message/center/parts';
import { inboxQuery, READ_FILTERS, type ReadFilter } from './inboxLogic';
import { useMessageReceived } from './liveInbox';
import './bigmsg.css';

/** One message opened: its detail, read as soon as it is shown. */
function MessageDialog({ id, onClose, onUnread }: { id: string | null; onClose: () => void; onUnread: (id: string) => void }) {
  const detail = useQuery({ queryKey: messageKeys.inboxDetail(id ?? ''), queryFn: ({ signal }) => inboxDetail(id as string, signal), enabled: Boolean(id) });
  const m = detail.data;
  return (
    <Modal
      open={Boolean(id)}
      onCancel={onClose}
      title={m?.title || '消息'}
      width={720}
      destroyOnHidden
      footer={
        <Space>
          {m && (
            <Button onClick={() => onUnread(m.id)} data-testid="inbox-mark-unread">
              标为未读
            </Button>
          )}
          <Button type="primary" onClick={onClose}>
            关闭
          </Button>
        </Space>
      }
    >
      {detail.isPending ? (
        <Spin />
      ) : detail.isError ? (
        <LoadError onRetry={detail.refetch} />
      ) : (
        <div data-testid="inbox-detail">
          <Descriptions
            size="small"
            column={2}
            items={[
              { key: 'sender', label: '发送人', children: detail.data.senderName ?? '-' },
              { key: 'org', label: '发送机构', children: detail.data.senderDeptName ?? '-' },
              { key: 'time', label: '时间', children: detail.data.createTime ?? '-' },
            ]}
          />
          <PlainText text={detail.data.content} />
          {detail.data.attachments.length > 0 && (
            <div className="inbox-attachments">
              <span>附件:</span>
              <AttachmentLinks attachments={detail.data.attachments} />
            </div>
          )}
        </div>
      )}
    </Modal>
  );
}

/**
 * 我的消息 at /portal/myDay/bigmsg (specification §2 "bigmsg", §7 "Users" user messages): the user's
 * notices, unread first and in bold with a dot (and the word 未读: not by weight or colour alone);
 * 全部 / 未读 / 已读; opening one shows it and marks it read; 标为未读, 全部已读, 删除 of the selected. A
 * message received while the page is open brings it back to the first page, which then holds it.
 */
export default function MyMessagesPage() {
  const client = useQueryClient();
  const { modal } = App.useApp();
  const [filter, setFilter] = useState<ReadFilter>('all');
  const { query: page, pagination, reset } = usePagination();
  const query = { ...inboxQuery(filter), ...page };
  const list = useInboxList(query);
  const [opened, setOpened] = useState<string | null>(null);
  const [selection, setSelection] = useState<Key[]>([]);

  /** The lists, the unread count and the opened detail are asked for again after every change. */
  const refresh = useCallback(() => {
    void client.invalidateQueries({ queryKey: messageKeys.inbox });
    void client.invalidateQueries({ queryKey: messageKeys.unread });
  }, [client]);

  useMessageReceived(
    useCallback(() => {
      reset();
      void client.invalidateQueries({ queryKey: messageKeys.inbox });
    }, [client, reset]),
  );

  const open = (row: InboxView) => {
    setOpened(row.id);
    if (!row.isRead) markRead(row.id).then(refresh, tellUnhandled);
  };

  const markUnread = (id: string) => {
    setReadState(id, 0).then(() => {
      toast.success('已标为未读');
      setOpened(null);
      refresh();
    }, tellUnhandled);
  };

  const readAll = () =>
    markAllRead().then(({ msg }) => {
      toast.success(msg || MSG.ok);
      refresh();
    }, tellUnhandled);

  const remove = () => {
    if (!selection.length) {
      toast.warning(MSG.selectAtLeastOne);
      return;
    }
    modal.confirm({
      title: '提示',
      content: MSG.confirmDelete,
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { 'data-testid': 'inbox-remove-confirm' } as Record<string, string>,
      onOk: () =>
        removeMessages(selection.map(String)).then(({ msg }) => {
          toast.success(msg || MSG.removed);
          setSelection([]);
          refresh();
        }, tellUnhandled),
    });
  };

  const columns: ColumnsType<InboxView> = withEllipsis<InboxView>([
    {
      key: 'isRead',
      title: '状态',
      width: 80,
      align: 'center',
      render: (_: unknown, row) => (row.isRead ? <Badge status="default" text="已读" /> : <Badge status="processing" text="未读" />),
    },
    {
      key: 'title',
      title: '标题',
      width: 360,
      minWidth: 200,
      render: (_: unknown, row) => (
        <Button
          type="link"
          size="small"
          className={row.isRead ? 'inbox-title' : 'inbox-title inbox-title--unread'}
          onClick={() => open(row)}
          data-testid={`inbox-open-${row.id}`}
        >
          {row.title || row.content.slice(0, 40)}
        </Button>
      ),
    },
    { key: 'senderName', dataIndex: 'senderName', title: '发送人', width: 120, render: (v: string | null) => v ?? '-' },
    { key: 'senderDeptName', dataIndex: 'senderDeptName', title: '发送机构', width: 200, minWidth: 120, render: (v: string | null) => v ?? '-' },
    { key: 'createTime', dataIndex: 'createTime', title: '时间', width: 170 },
  ]);

  return (
    <Card className="inbox" title="我的消息" data-testid="inbox">
      <div className="inbox__toolbar">
        <Segmented<ReadFilter>
          options={READ_FILTERS.map((f) => ({ value: f.value, label: f.label }))}
          value={filter}
          onChange={(v) => {
            setFilter(v);
            setSelection([]);
            reset();
          }}
          aria-label="阅读状态"
          data-testid="inbox-filter"
        />
        <Space>
          <Button icon={<CheckOutlined />} onClick={() => void readAll()} data-testid="inbox-read-all">
            全部已读
          </Button>
          <Button danger icon={<DeleteOutlined />} onClick={remove} data-testid="inbox-remove">
            删除
          </Button>
        </Space>
      </div>
      {list.isError && !list.data ? (
        <LoadError onRetry={list.refetch} />
      ) : (
        <Table<InboxView>
          rowKey="id"
          size="middle"
          loading={list.isFetching}
          dataSource={list.data?.records ?? []}
          columns={columns}
          pagination={pagination(list.data?.total)}
          rowClassName={(row) => (row.isRead ? '' : 'inbox-row--unread')}
          rowSelection={{
            selectedRowKeys: selection,
            onChange: setSelection,
            getCheckboxProps: (row) => ({ 'aria-label': `选择 ${row.title ?? ''}` }) as never,
          }}
          locale={{ emptyText: filter === 'unread' ? '没有未读消息' : '暂无消息' }}
          data-testid="inbox-table"
        />
      )}
      <MessageDialog id={opened} onClose={() => setOpened(null)} onUnread={markUnread} />
    </Card>
  );
}
