import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { MailOutboxView, SmsOutboxView } from '../../../api/message/outbox';
import type { CrudSearchField } from '../../../components/crud/types';

const orgName = (v: string | null) => v || '平台';

/** 短信发件箱: when, to whom, with which signature, the text, its length and billed parts, the sending org. */
export const SMS_OUTBOX_COLUMNS: ColumnsType<SmsOutboxView> = [
  { key: 'createTime', dataIndex: 'createTime', title: '发送时间', width: 175 },
  { key: 'mobile', dataIndex: 'mobile', title: '手机号码', width: 130 },
  { key: 'signName', dataIndex: 'signName', title: '签名', width: 140, minWidth: 90, render: (v: string) => (v ? `【${v}】` : '-') },
  { key: 'content', dataIndex: 'content', title: '短信内容', width: 360, minWidth: 180 },
  {
    key: 'segments',
    dataIndex: 'segments',
    title: '字数 / 条数',
    width: 110,
    align: 'center',
    render: (v: number, row) => (
      <span data-testid="sms-outbox-segments">
        {row.length} 字 / <Tag color={v > 1 ? 'orange' : 'default'}>{v} 条</Tag>
      </span>
    ),
  },
  { key: 'deptName', dataIndex: 'deptName', title: '发送机构', width: 180, minWidth: 110, render: orgName },
  { key: 'jobId', dataIndex: 'jobId', title: '任务编号', width: 110 },
];

export const SMS_OUTBOX_SEARCH: CrudSearchField[] = [
  { name: 'mobile', label: '手机号码' },
  { name: 'content', label: '短信内容' },
];

/** 邮件发件箱: when, from and to whom, the subject, how many attachments, the sending org. */
export const MAIL_OUTBOX_COLUMNS: ColumnsType<MailOutboxView> = [
  { key: 'createTime', dataIndex: 'createTime', title: '发送时间', width: 175 },
  { key: 'toAddr', dataIndex: 'toAddr', title: '收件人', width: 220, minWidth: 140 },
  { key: 'subject', dataIndex: 'subject', title: '主题', width: 300, minWidth: 160 },
  { key: 'fromAddr', dataIndex: 'fromAddr', title: '发件人', width: 200, minWidth: 120 },
  { key: 'attachmentCount', dataIndex: 'attachmentCount', title: '附件', width: 70, align: 'center', render: (v: number) => (v ? `${v} 个` : '-') },
  { key: 'deptName', dataIndex: 'deptName', title: '发送机构', width: 180, minWidth: 110, render: orgName },
];

export const MAIL_OUTBOX_SEARCH: CrudSearchField[] = [
  { name: 'to', label: '收件人' },
  { name: 'subject', label: '主题' },
];
