import { useState } from 'react';
import { Form, Input } from 'antd';
import { USER_MSG, changeAccount as changeAccountSchema, passwordProblem, setPassword as setPasswordSchema, type UserView } from '@gsl/contract';
import { toast } from '../../../api/feedback';
import { tellUnhandled } from '../../../api/http';
import { changeAccount, setUserPassword } from '../../../api/system/user';
import { FormModal } from '../../../components/crud/FormModal';
import { schemaRule } from '../../../components/crud/schemaRule';

const accountShape = changeAccountSchema.shape;
const passwordShape = setPasswordSchema.shape;

/** 修改账号 (changeAccount, user_edit): another login account, unique in the tenant; the user signs on with it from now on. */
export function ChangeAccountDialog({ user, onClose, onSaved }: { user: UserView | null; onClose: () => void; onSaved: () => void }) {
  const [saving, setSaving] = useState(false);
  const submit = (values: { account: string }) => {
    if (!user) return;
    setSaving(true);
    changeAccount({ id: user.id, version: user.version, account: values.account.trim() })
      .then((msg) => {
        toast.success(msg);
        onSaved();
        onClose();
      }, tellUnhandled)
      .finally(() => setSaving(false));
  };
  return (
    <FormModal
      title={user ? `修改账号 - ${user.realName ?? user.account}` : '修改账号'}
      open={Boolean(user)}
      saving={saving}
      onCancel={onClose}
      formId="user-account-form"
      testId="user-account"
    >
      <Form id="user-account-form" data-testid="user-account-form" labelCol={{ flex: '96px' }} initialValues={{ account: user?.account }} onFinish={submit}>
        <Form.Item label="原账号">{user?.account}</Form.Item>
        <Form.Item name="account" label="新账号" required rules={[schemaRule(accountShape.account)]} validateTrigger="onBlur">
          <Input placeholder="请输入新账号" maxLength={45} autoComplete="off" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

/** 设置密码 (set-password, user_reset): the administrator sets a user's password, typed twice. */
export function SetPasswordDialog({ user, onClose }: { user: UserView | null; onClose: () => void }) {
  const [saving, setSaving] = useState(false);
  const submit = (values: { password: string; password2: string }) => {
    if (!user) return;
    setSaving(true);
    setUserPassword({ userId: user.id, password: values.password, password2: values.password2 })
      .then((msg) => {
        toast.success(msg);
        onClose();
      }, tellUnhandled)
      .finally(() => setSaving(false));
  };
  return (
    <FormModal
      title={user ? `设置密码 - ${user.realName ?? user.account}` : '设置密码'}
      open={Boolean(user)}
      saving={saving}
      onCancel={onClose}
      formId="user-password-form"
      testId="user-password"
    >
      <Form id="user-password-form" data-testid="user-password-form" labelCol={{ flex: '96px' }} onFinish={submit}>
        <Form.Item
          name="password"
          label="新密码"
          required
          rules={[
            schemaRule(passwordShape.password),
            {
              validator: async (_rule, value?: string) => {
                const problem = value ? passwordProblem(value) : null;
                if (problem) throw new Error(problem);
              },
            },
          ]}
          validateTrigger="onBlur"
        >
          <Input.Password placeholder="至少8位且包含字母和数字" maxLength={128} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="password2"
          label="确认密码"
          required
          dependencies={['password']}
          validateTrigger="onBlur"
          rules={[
            { required: true, message: '请确认密码' },
            ({ getFieldValue }) => ({
              validator: async (_rule, value: string) => {
                if (value && value !== getFieldValue('password')) throw new Error(USER_MSG.passwordMismatch);
              },
            }),
          ]}
        >
          <Input.Password placeholder="请再次输入新密码" maxLength={128} autoComplete="new-password" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
