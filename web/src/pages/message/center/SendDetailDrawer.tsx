import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Drawer, Form, Input, Modal, Radio, Select, Space, Spin, Table, Tag, Typography } from 'antd';
import { BellOutlined, RedoOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { CHANNEL_NAMES, DELIVERY_STATUS_NAMES, type Channel, type RecipientView, type SendView } from '@gsl/contract';
import { toast } from '../../../api/feedback';
import { tellUnhandled } from '../../../api/http';
import { messageKeys, recipientList, remindUnread, resendFailed, sendDetail } from '../../../api/message/message';
import { useCan } from '../../../components/Access';
import { LoadError } from '../../../components/LoadError';
import { usePagination } from '../../../components/pagination';
import { withEllipsis } from '../../../components/crud/EllipsisCell';
import { DELIVERY_STATUS_COLORS, followUps } from './centerLogic';
import { AttachmentLinks, MailBody, PlainText, SendStatusTag } from './parts';

const DELIVERY_OPTIONS = Object.entries(DELIVERY_STATUS_NAMES).map(([value, label]) => ({ value, label }));
const READ_OPTIONS = [
  { value: '0', label: '未读' },
  { value: '1', label: '已读' },
];

function recipientColumns(channel: Channel): ColumnsType<RecipientView> {
  const cols: ColumnsType<RecipientView> = [
    { key: 'name', dataIndex: 'name', title: '姓名', width: 140 },
    { key: 'deptName', dataIndex: 'deptName', title: '机构', width: 180, render: (v: string | null) => v ?? '-' },
  ];
  if (channel !== 'sys')
    cols.push({ key: 'address', dataIndex: 'address', title: channel === 'sms' ? '手机' : '邮箱', width: 160, render: (v: string | null) => v ?? '-' });
  cols.push({
    key: 'status',
    title: '发送状态',
    width: 200,
    render: (_: unknown, r) => (
      <>
        <Tag color={DELIVERY_STATUS_COLORS[r.status] ?? 'default'} data-status={r.status}>
          {r.statusName || DELIVERY_STATUS_NAMES[r.status]}
        </Tag>
        {r.failReason && <span className="msg-failed">{r.failReason}</span>}
      </>
    ),
  });
  if (channel === 'sys')
    cols.push({
      key: 'isRead',
      title: '阅读状态',
      width: 200,
      render: (_: unknown, r) =>
        r.isRead ? (
          <span>
            <Tag color="success">已读</Tag>
            {r.readTime ?? ''}
          </span>
        ) : (
          <Tag>未读</Tag>
        ),
    });
  cols.push({ key: 'remindCount', dataIndex: 'remindCount', title: '提醒次数', width: 90, align: 'right' });
  return withEllipsis(cols);
}

/** The recipients of a send, filtered by delivery state and (notices) read state, and by name. */
function Recipients({ send }: { send: SendView }) {
  const channel = send.channel as Channel;
  const [filters, setFilters] = useState<{ status?: string; isRead?: string; name?: string }>({});
  const { query: page, pagination, reset } = usePagination();
  const query = { ...filters, ...page };
  const list = useQuery({
    queryKey: messageKeys.recipients(channel, send.id, query),
    queryFn: ({ signal }) => recipientList(channel, send.id, query, signal),
    placeholderData: keepPreviousData,
  });
  const set = (patch: typeof filters) => {
    setFilters((f) => ({ ...f, ...patch }));
    reset();
  };
  return (
    <section aria-label="接收人" data-testid="msg-recipients">
      <Form layout="inline" className="msg-sent__search">
        <Form.Item label="发送状态" htmlFor="msg-rcpt-status">
          <Select
            id="msg-rcpt-status"
            allowClear
            placeholder="全部"
            style={{ width: 110 }}
            options={DELIVERY_OPTIONS}
            value={filters.status}
            onChange={(v?: string) => set({ status: v })}
            aria-label="发送状态"
          />
        </Form.Item>
        {channel === 'sys' && (
          <Form.Item label="阅读状态" htmlFor="msg-rcpt-read">
            <Select
              id="msg-rcpt-read"
              allowClear
              placeholder="全部"
              style={{ width: 110 }}
              options={READ_OPTIONS}
              value={filters.isRead}
              onChange={(v?: string) => set({ isRead: v })}
              aria-label="阅读状态"
            />
          </Form.Item>
        )}
        <Form.Item label="姓名" htmlFor="msg-rcpt-name">
          <Input.Search id="msg-rcpt-name" allowClear placeholder="请输入姓名" onSearch={(v) => set({ name: v.trim() || undefined })} style={{ width: 180 }} />
        </Form.Item>
      </Form>
      {list.isError && !list.data ? (
        <LoadError onRetry={list.refetch} />
      ) : (
        <Table<RecipientView>
          rowKey="id"
          size="small"
          loading={list.isFetching}
          dataSource={list.data?.records ?? []}
          columns={recipientColumns(channel)}
          pagination={pagination(list.data?.total)}
          data-testid="msg-recipients-table"
        />
      )}
    </section>
  );
}

/** 提醒未读: choose 通知 or 短信; it goes to the notice's unread recipients only. */
function RemindDialog({ send, channels, unread, onClose }: { send: SendView | null; channels: Array<'sys' | 'sms'>; unread: number; onClose: () => void }) {
  const client = useQueryClient();
  const [channel, setChannel] = useState<'sys' | 'sms'>(channels[0] ?? 'sys');
  const [busy, setBusy] = useState(false);
  const chosen = channels.includes(channel) ? channel : channels[0];
  const ok = async () => {
    if (!send || !chosen) return;
    setBusy(true);
    try {
      const { data, msg } = await remindUnread(send.id, chosen);
      toast.success(`${msg || '发送成功'},已提醒${data?.total ?? unread}人`);
      void client.invalidateQueries({ queryKey: messageKeys.sent });
      onClose();
    } catch (error) {
      tellUnhandled(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={Boolean(send)}
      title="提醒未读"
      onCancel={onClose}
      onOk={() => void ok()}
      okText="发送提醒"
      cancelText="取消"
      confirmLoading={busy}
      destroyOnHidden
    >
      <Typography.Paragraph data-testid="msg-remind-count">将向尚未阅读的 {unread} 位接收人再次发送提醒。</Typography.Paragraph>
      <Radio.Group
        aria-label="提醒方式"
        value={chosen}
        onChange={(e) => setChannel(e.target.value as 'sys' | 'sms')}
        options={channels.map((c) => ({ value: c, label: c === 'sys' ? '系统通知' : '短信(发送到接收人的手机)' }))}
      />
    </Modal>
  );
}

/**
 * A send's detail (specification §7 "Message centre": {channel}/detail and detail/list): its content and
 * range, its recipients with delivery and read state, and the follow-up — 提醒未读 for a notice (the
 * unread only), 失败重发 for an SMS or e-mail (the failed only).
 */
export function SendDetailDrawer({ send, onClose }: { send: SendView | null; onClose: () => void }) {
  const can = useCan();
  const { modal } = App.useApp();
  const client = useQueryClient();
  const channel = (send?.channel ?? 'sys') as Channel;
  const detail = useQuery({
    queryKey: messageKeys.detail(channel, send?.id ?? ''),
    queryFn: ({ signal }) => sendDetail(channel, send!.id, signal),
    enabled: Boolean(send),
  });
  const [reminding, setReminding] = useState(false);
  const shown = detail.data ?? send;
  const follow = shown ? followUps(shown, can) : undefined;

  const resend = () => {
    if (!shown) return;
    modal.confirm({
      title: '失败重发',
      content: `确定向${shown.failed}位发送失败的接收人重新发送?`,
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { 'data-testid': 'msg-resend-confirm' } as Record<string, string>,
      onOk: () =>
        resendFailed(shown.id).then(({ data, msg }) => {
          toast.success(`${msg || '已进入发送队列'},共${data?.total ?? shown.failed}人`);
          void client.invalidateQueries({ queryKey: messageKeys.sent });
        }, tellUnhandled),
    });
  };

  return (
    <Drawer open={Boolean(send)} onClose={onClose} size={960} title={shown ? `${CHANNEL_NAMES[channel]}详情` : '详情'} destroyOnHidden>
      {!send ? null : detail.isPending ? (
        <Spin />
      ) : detail.isError ? (
        <LoadError onRetry={detail.refetch} />
      ) : (
        <div data-testid="msg-detail">
          <Space className="msg-detail__actions">
            {follow && follow.remind.length > 0 && (
              <Button icon={<BellOutlined />} onClick={() => setReminding(true)} data-testid="msg-remind">
                提醒未读
              </Button>
            )}
            {follow?.resend && (
              <Button icon={<RedoOutlined />} onClick={resend} data-testid="msg-resend">
                失败重发
              </Button>
            )}
          </Space>
          <Descriptions
            bordered
            size="small"
            column={2}
            items={[
              { key: 'title', label: '标题', span: 2, children: detail.data.title ?? '-' },
              { key: 'channel', label: '渠道', children: detail.data.channelName },
              { key: 'status', label: '状态', children: <SendStatusTag send={detail.data} /> },
              { key: 'createUserName', label: '发送人', children: detail.data.createUserName ?? '-' },
              { key: 'deptName', label: '发送机构', children: detail.data.deptName ?? '-' },
              { key: 'createTime', label: '发送时间', children: detail.data.createTime ?? '-' },
              { key: 'notBefore', label: '计划发送', children: detail.data.notBefore ?? '立即' },
              {
                key: 'counts',
                label: '发送情况',
                span: 2,
                children: `接收 ${detail.data.total} 人,已发送 ${detail.data.sent},待发送 ${detail.data.pending},失败 ${detail.data.failed}${
                  channel === 'sys' ? `,已读 ${detail.data.read}` : ''
                }${detail.data.segments ? `;每条计费 ${detail.data.segments} 条` : ''}${detail.data.urgent ? ';紧急发送' : ''}`,
              },
              {
                key: 'range',
                label: '发送范围',
                span: 2,
                children: detail.data.range.length
                  ? detail.data.range.map((r, i) => <Tag key={i}>{r.deptName ? `${r.deptName} · ${r.name}` : r.name}</Tag>)
                  : '指定人员',
              },
              {
                key: 'content',
                label: '内容',
                span: 2,
                children: channel === 'email' ? <MailBody html={detail.data.content} /> : <PlainText text={detail.data.content} />,
              },
              ...(detail.data.attachments.length
                ? [
                    {
                      key: 'attachments',
                      label: '附件',
                      span: 2,
                      children: <AttachmentLinks attachments={detail.data.attachments} />,
                    },
                  ]
                : []),
            ]}
          />
          <Recipients send={detail.data} />
          <RemindDialog
            send={reminding ? detail.data : null}
            channels={follow?.remind ?? []}
            unread={follow?.unread ?? 0}
            onClose={() => setReminding(false)}
          />
        </div>
      )}
    </Drawer>
  );
}
