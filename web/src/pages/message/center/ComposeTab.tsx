import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Checkbox, Empty, Form, Input, Radio, Space, Spin } from 'antd';
import { EyeOutlined, SendOutlined } from '@ant-design/icons';
import { CHANNEL_NAMES, MESSAGE_MSG, sendForm, type Channel } from '@gsl/contract';
import { toast } from '../../../api/feedback';
import { tellUnhandled } from '../../../api/http';
import { messageKeys, rangeCount, sendMessage, useIsSend, useSender } from '../../../api/message/message';
import { LoadError } from '../../../components/LoadError';
import { schemaRule } from '../../../components/crud/schemaRule';
import { AttachmentsInput } from './AttachmentsInput';
import { channelOptions, EMPTY_SELECTION, rangeBody, sendBody, smsCounter, type ComposeValues, type RangeSelection } from './centerLogic';
import { MessagePreview } from './MessagePreview';
import { RangePicker } from './RangePicker';
import { useDebounced } from './useDebounced';

type FormValues = ComposeValues & { range?: RangeSelection };

const contentRule = schemaRule(sendForm.shape.content);

/** The distinct recipients of the range on the channel, asked for once the ticking has stopped. */
function useRangeTotal(channel: Channel | undefined, selection: RangeSelection | undefined) {
  const range = rangeBody(selection ?? EMPTY_SELECTION, channel ?? 'sys');
  const settled = useDebounced(JSON.stringify(range), 400);
  const body = JSON.parse(settled) as typeof range;
  const total = useQuery({
    queryKey: messageKeys.rangeCount(channel ?? 'sys', body),
    queryFn: () => rangeCount(channel as Channel, body),
    enabled: Boolean(channel) && body.items.length > 0,
    retry: false,
  });
  const empty = range.items.length === 0;
  return {
    range,
    count: empty ? 0 : settled === JSON.stringify(range) ? total.data?.count : undefined,
    loading: !empty && (settled !== JSON.stringify(range) || total.isFetching),
    failed: !empty && total.isError,
  };
}

/**
 * 发送消息 (specification §7 "Message centre"): the channel (only those the user may send on, from
 * publish/range/sender), title (not for SMS), content with the SMS length and billed messages shown live,
 * attachments for notices and e-mail, the range with its distinct-recipient total, 紧急发送 for an SMS
 * when allowed, 预览, and 发送 after confirming the number of recipients.
 */
export function ComposeTab({ onSent }: { onSent: () => void }) {
  const { modal } = App.useApp();
  const client = useQueryClient();
  const sender = useSender();
  const [form] = Form.useForm<FormValues>();
  const channel = Form.useWatch('channel', form) as Channel | undefined;
  const content = (Form.useWatch('content', form) as string | undefined) ?? '';
  const selection = Form.useWatch('range', form) as RangeSelection | undefined;
  const total = useRangeTotal(channel, selection);
  const allowed = useIsSend(channel);
  const [previewing, setPreviewing] = useState(false);
  const [sending, setSending] = useState(false);

  if (sender.isPending) return <Spin className="msg-center__spin" />;
  if (sender.isError) return <LoadError onRetry={sender.refetch} />;
  const options = channelOptions(sender.data.channels);
  if (!options.length) return <Empty description="您没有发送消息的权限" />;
  const signName = sender.data.signName;
  const sms = channel === 'sms';
  const counter = smsCounter(content, signName);

  const send = async () => {
    let values: FormValues;
    try {
      values = await form.validateFields();
    } catch {
      return; // the form shows what is missing
    }
    const range = rangeBody(values.range ?? EMPTY_SELECTION, values.channel);
    let count: number;
    try {
      count = (await rangeCount(values.channel, range))?.count ?? 0;
    } catch (error) {
      tellUnhandled(error);
      return;
    }
    if (count === 0) {
      toast.warning(MESSAGE_MSG.noRecipients);
      return;
    }
    modal.confirm({
      title: `发送${CHANNEL_NAMES[values.channel]}`,
      content: `确定向${count}人发送?`,
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { 'data-testid': 'msg-send-confirm' } as Record<string, string>,
      onOk: async () => {
        setSending(true);
        try {
          const { msg } = await sendMessage(values.channel, sendBody(values, range));
          toast.success(msg || MESSAGE_MSG.sent);
          form.resetFields();
          void client.invalidateQueries({ queryKey: messageKeys.sent });
          onSent();
        } catch (error) {
          tellUnhandled(error);
        } finally {
          setSending(false);
        }
      },
    });
  };

  return (
    <Form<FormValues>
      form={form}
      layout="horizontal"
      labelCol={{ flex: '96px' }}
      className="msg-compose"
      initialValues={{ channel: options[0].value, range: EMPTY_SELECTION, attachments: [], urgent: false }}
      data-testid="msg-compose"
    >
      <Form.Item name="channel" label="发送渠道" required>
        <Radio.Group optionType="button" buttonStyle="solid" options={options} aria-label="发送渠道" data-testid="msg-channel" />
      </Form.Item>
      {channel && allowed.data && !allowed.data.canSend && <Alert type="warning" showIcon className="msg-compose__alert" title={allowed.data.reason} />}
      {!sms && (
        <Form.Item
          name="title"
          label="标题"
          required
          rules={[
            { required: true, whitespace: true, message: MESSAGE_MSG.titleRequired },
            { max: 100, message: MESSAGE_MSG.titleTooLong },
          ]}
        >
          <Input placeholder="请输入标题" maxLength={100} showCount data-testid="msg-title" />
        </Form.Item>
      )}
      <Form.Item
        name="content"
        label="内容"
        required
        rules={sms ? [contentRule, { max: 500, message: MESSAGE_MSG.smsTooLong }] : [contentRule]}
        extra={
          sms ? (
            <span aria-live="polite" data-testid="msg-sms-counter">
              {counter.text}
              {signName ? '' : ';本机构尚未设置短信签名'}
              。70字以内计1条,超过70字按每67字1条计费。
            </span>
          ) : channel === 'email' ? (
            '邮件正文支持HTML格式,发送前系统会清除脚本、事件等不安全内容。'
          ) : undefined
        }
      >
        <Input.TextArea
          rows={sms ? 4 : 8}
          placeholder={sms ? '请输入短信内容' : channel === 'email' ? '请输入邮件正文(可使用HTML)' : '请输入通知内容'}
          data-testid="msg-content"
        />
      </Form.Item>
      {!sms && (
        <Form.Item name="attachments" label="附件">
          <AttachmentsInput />
        </Form.Item>
      )}
      {sms && sender.data.canUrgent && (
        <Form.Item name="urgent" label=" " colon={false} valuePropName="checked">
          <Checkbox data-testid="msg-urgent">紧急发送(不受短信免打扰时段限制,立即发送)</Checkbox>
        </Form.Item>
      )}
      <Form.Item
        name="range"
        label="发送范围"
        required
        rules={[
          {
            validator: async (_rule, value: RangeSelection | undefined) => {
              if (!rangeBody(value ?? EMPTY_SELECTION, form.getFieldValue('channel') as Channel).items.length) throw new Error(MESSAGE_MSG.rangeRequired);
            },
          },
        ]}
      >
        <RangePicker channel={channel ?? 'sys'} senderDeptName={sender.data.deptName} />
      </Form.Item>
      <div className="msg-compose__total" role="status" aria-live="polite" data-testid="msg-total">
        接收人数(已去重):
        <strong>{total.loading && total.count === undefined ? '统计中…' : total.failed ? '统计失败' : `${total.count ?? 0} 人`}</strong>
      </div>
      <Form.Item label=" " colon={false}>
        <Space>
          <Button icon={<EyeOutlined />} onClick={() => setPreviewing(true)} data-testid="msg-preview-open">
            预览
          </Button>
          <Button type="primary" icon={<SendOutlined />} loading={sending} onClick={() => void send()} data-testid="msg-send">
            发送
          </Button>
        </Space>
      </Form.Item>
      <MessagePreview
        open={previewing}
        onClose={() => setPreviewing(false)}
        count={total.count}
        preview={{
          channel: channel ?? 'sys',
          title: form.getFieldValue('title') as string | undefined,
          content,
          attachments: (form.getFieldValue('attachments') as Array<{ name: string }> | undefined) ?? [],
          senderName: sender.data.userName,
          senderDeptName: sender.data.deptName,
          signName,
        }}
      />
    </Form>
  );
}
