import { useState } from 'react';
import { Button, Form, Input, Upload } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { CONTACT_MAX, SUGGESTION_MAX, suggestionSubmit } from '@gsl/contract';
import { toast } from '../../../api/feedback';
import { tellUnhandled } from '../../../api/http';
import { submitSuggestion, supportKeys, uploadSuggestionFile } from '../../../api/support/support';
import { schemaRule } from '../../../components/crud/schemaRule';

const shape = suggestionSubmit.shape;

interface Values {
  content: string;
  contactInformation?: string;
}

/**
 * 意见建议: content (required), contact, and one attachment uploaded at once to the file store (its public
 * id goes with the form; the server takes only the sender's own upload).
 */
export function SuggestionForm() {
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const [attachment, setAttachment] = useState<{ id: string; name: string } | null>(null);
  const [uploading, setUploading] = useState(false);
  const [sending, setSending] = useState(false);

  const upload = async (file: File) => {
    setUploading(true);
    try {
      const saved = await uploadSuggestionFile(file);
      setAttachment({ id: saved.name, name: saved.originalName });
    } catch (e) {
      tellUnhandled(e);
    } finally {
      setUploading(false);
    }
  };

  const send = async (values: Values) => {
    setSending(true);
    try {
      const { msg } = await submitSuggestion({
        content: values.content,
        contactInformation: values.contactInformation ?? '',
        attachment: attachment?.id ?? '',
      });
      toast.success(msg);
      form.resetFields();
      setAttachment(null);
      await queryClient.invalidateQueries({ queryKey: supportKeys.mySuggestions });
    } catch (e) {
      tellUnhandled(e);
    } finally {
      setSending(false);
    }
  };

  return (
    <Form form={form} layout="vertical" onFinish={send} data-testid="suggestion-form">
      <Form.Item name="content" label="意见建议" required rules={[schemaRule(shape.content)]} validateTrigger={['onChange', 'onBlur']}>
        <Input.TextArea
          placeholder="请描述您遇到的问题或改进建议"
          autoSize={{ minRows: 4, maxRows: 10 }}
          maxLength={SUGGESTION_MAX}
          showCount
          data-testid="suggestion-content"
        />
      </Form.Item>
      <Form.Item name="contactInformation" label="联系方式" rules={[schemaRule(shape.contactInformation)]} validateTrigger={['onChange', 'onBlur']}>
        <Input placeholder="手机号或邮箱,便于我们联系您(选填)" maxLength={CONTACT_MAX} data-testid="suggestion-contact" />
      </Form.Item>
      <Form.Item label="附件">
        <Upload
          showUploadList={false}
          beforeUpload={(file) => {
            void upload(file);
            return false;
          }}
        >
          <Button icon={<PaperClipOutlined />} loading={uploading} data-testid="suggestion-upload">
            {attachment ? '更换附件' : '上传附件'}
          </Button>
        </Upload>
        {attachment && (
          <span style={{ marginInlineStart: 12 }} data-testid="suggestion-attachment">
            {attachment.name}
            <Button type="link" size="small" onClick={() => setAttachment(null)} aria-label={`移除附件 ${attachment.name}`}>
              移除
            </Button>
          </span>
        )}
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={sending} data-testid="suggestion-submit">
        提交
      </Button>
    </Form>
  );
}
