import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Space } from 'antd';
import type { UpdatePassword } from '@gsl/contract';
import { toast } from '../../../../api/feedback';
import { tellUnhandled } from '../../../../api/http';
import { updateOwnPassword, useUserInfo, userKeys } from '../../../../api/system/user';
import { PASSWORD_RULES } from '../../../info';
import { MyCenterLayout } from '../MyCenterLayout';

/** The platform's strength rule, shown under 新密码 (the server applies the same one). */
export const STRENGTH_HINT = '至少8位，须同时包含字母和数字，且不能与原密码相同';

/**
 * 修改密码 (/portal/myCenter/changepwd; specification §5 password change form: 原密码, 新密码, 确认新密码).
 * update-password checks the old password and the strength and ends the account's other sessions; this
 * one stays signed on, which the page says after the change.
 */
export default function ChangePasswordPage() {
  const [form] = Form.useForm<UpdatePassword>();
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const client = useQueryClient();
  // A password someone else issued (a new account, a reset) must be changed before anything else works.
  const mustChange = useUserInfo().data?.passwordResetRequired === 1;

  const submit = async (values: UpdatePassword) => {
    setSaving(true);
    setDone(null);
    try {
      const msg = await updateOwnPassword(values);
      toast.success(msg || '密码修改成功');
      setDone(msg || '密码修改成功');
      form.resetFields();
      void client.invalidateQueries({ queryKey: userKeys.info });
    } catch (err) {
      tellUnhandled(err); // 原密码不正确 … told by the transport
    } finally {
      setSaving(false);
    }
  };

  return (
    <MyCenterLayout title="修改密码">
      {mustChange && !done && (
        <Alert
          type="warning"
          showIcon
          role="alert"
          title="请先修改初始密码"
          description="您的密码由管理员设置，修改后才能使用其他功能。"
          style={{ marginBottom: 16, maxWidth: 560 }}
          data-testid="my-password-required"
        />
      )}
      {done && (
        <Alert
          type="success"
          showIcon
          role="status"
          title={done}
          description="您当前仍保持登录；其他设备上的登录已退出，需使用新密码重新登录。"
          style={{ marginBottom: 16, maxWidth: 560 }}
          data-testid="my-password-done"
        />
      )}
      <Form<UpdatePassword>
        form={form}
        name="my-password"
        data-testid="my-password-form"
        labelCol={{ flex: '110px' }}
        wrapperCol={{ flex: 'auto' }}
        style={{ maxWidth: 560 }}
        validateTrigger="onBlur"
        onFinish={(values) => void submit(values)}
      >
        <Form.Item name="oldPassword" label="原密码" rules={PASSWORD_RULES.oldPassword}>
          <Input.Password placeholder="请输入原密码" autoComplete="current-password" maxLength={128} data-testid="my-old-password" />
        </Form.Item>
        <Form.Item name="newPassword" label="新密码" rules={PASSWORD_RULES.newPassword} dependencies={['oldPassword']} extra={STRENGTH_HINT}>
          <Input.Password placeholder="请输入新密码" autoComplete="new-password" maxLength={128} data-testid="my-new-password" />
        </Form.Item>
        <Form.Item name="newPassword1" label="确认新密码" rules={PASSWORD_RULES.newPassword1} dependencies={['newPassword']}>
          <Input.Password placeholder="请再次输入新密码" autoComplete="new-password" maxLength={128} data-testid="my-new-password1" />
        </Form.Item>
        <Form.Item label=" " colon={false}>
          <Space>
            <Button type="primary" htmlType="submit" loading={saving} data-testid="my-password-submit">
              确认修改
            </Button>
            <Button onClick={() => form.resetFields()}>重置</Button>
          </Space>
        </Form.Item>
      </Form>
    </MyCenterLayout>
  );
}
