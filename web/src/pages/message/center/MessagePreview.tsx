import { Modal, Typography } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import { CHANNEL_NAMES, type Channel } from '@gsl/contract';
import { smsCounter, smsPreview } from './centerLogic';
import { MailBody, PlainText } from './parts';

export interface PreviewContent {
  channel: Channel;
  title?: string;
  content: string;
  attachments: Array<{ name: string }>;
  senderName?: string | null;
  senderDeptName?: string | null;
  signName?: string | null;
}

/** What the recipient will see, channel by channel, and how many will receive it. */
export function MessagePreview({ open, onClose, preview, count }: { open: boolean; onClose: () => void; preview: PreviewContent; count?: number }) {
  const { channel } = preview;
  const sms = channel === 'sms' ? smsCounter(preview.content, preview.signName) : undefined;
  return (
    <Modal
      open={open}
      onCancel={onClose}
      onOk={onClose}
      okText="关闭"
      cancelButtonProps={{ style: { display: 'none' } }}
      title={`预览:${CHANNEL_NAMES[channel]}`}
      width={640}
    >
      <div className="msg-preview" data-testid="msg-preview">
        <Typography.Paragraph type="secondary">
          {count === undefined ? '接收人数统计中…' : `共 ${count} 人将收到此${CHANNEL_NAMES[channel]}`}
        </Typography.Paragraph>
        {channel === 'sms' ? (
          <>
            <div className="msg-preview__sms">{smsPreview(preview.content, preview.signName)}</div>
            <Typography.Paragraph type="secondary">{sms?.text}</Typography.Paragraph>
          </>
        ) : (
          <>
            <Typography.Title level={5}>{preview.title || '(无标题)'}</Typography.Title>
            <Typography.Paragraph type="secondary">
              发送人:{preview.senderName ?? '-'}
              {preview.senderDeptName ? `(${preview.senderDeptName})` : ''}
            </Typography.Paragraph>
            {channel === 'email' ? <MailBody html={preview.content} title="邮件正文预览" /> : <PlainText text={preview.content} />}
            {preview.attachments.length > 0 && (
              <ul className="msg-attach__list" aria-label="附件">
                {preview.attachments.map((a) => (
                  <li key={a.name}>
                    <PaperClipOutlined aria-hidden /> {a.name}
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </div>
    </Modal>
  );
}
