import { useState } from 'react';
import { Descriptions, Form, Input, Modal } from 'antd';
import { REPLY_MAX, suggestionReply } from '@gsl/contract';
import { toast } from '../../../api/feedback';
import { tellUnhandled } from '../../../api/http';
import { replySuggestion, type SuggestionView } from '../../../api/support/support';
import { schemaRule } from '../../../components/crud/schemaRule';

/** 回复: the suggestion as sent, and the reply that goes to the sender's 消息. */
export function ReplyDialog({ row, onClose, onReplied }: { row: SuggestionView; onClose: () => void; onReplied: () => void }) {
  const [form] = Form.useForm<{ reply: string }>();
  const [saving, setSaving] = useState(false);
  const save = async () => {
    const { reply } = await form.validateFields();
    setSaving(true);
    try {
      const { msg } = await replySuggestion(row.id, reply);
      toast.success(msg);
      onReplied();
      onClose();
    } catch (e) {
      tellUnhandled(e);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title="回复意见建议"
      okText="发送回复"
      cancelText="取消"
      onOk={() => void save().catch(() => undefined)}
      onCancel={onClose}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Descriptions column={1} size="small" style={{ marginBottom: 16 }}>
        <Descriptions.Item label="提交人">{[row.userName, row.deptName].filter(Boolean).join(' · ') || '-'}</Descriptions.Item>
        <Descriptions.Item label="联系方式">{row.contactInformation || '-'}</Descriptions.Item>
        <Descriptions.Item label="内容">
          <span style={{ whiteSpace: 'pre-wrap' }}>{row.content}</span>
        </Descriptions.Item>
      </Descriptions>
      <Form form={form} layout="vertical">
        <Form.Item name="reply" label="回复内容" required rules={[schemaRule(suggestionReply.shape.reply)]} validateTrigger={['onChange', 'onBlur']}>
          <Input.TextArea
            autoFocus
            placeholder="回复将以通知发送到提交人的消息"
            autoSize={{ minRows: 4, maxRows: 10 }}
            maxLength={REPLY_MAX}
            showCount
            data-testid="suggestion-reply"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
