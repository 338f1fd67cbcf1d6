import { useState } from 'react';
import { Alert, Avatar, Button, Card, Descriptions, Empty, Form, Input, Spin, Tabs, Tag } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { USER_MSG, USER_STATUS_NAMES, passwordProblem, type UpdatePassword, type UserView } from '@gsl/contract';
import { toast } from '../../api/feedback';
import { updateOwnPassword, useUserInfo } from '../../api/system/user';
import { LoadError } from '../../components/LoadError';
import { profileTagName } from '../system/user/userLogic';
import './info.css';

/**
 * 个人信息 (/info/index, from the header's user menu): the signed-in user's own record as the server
 * holds it (user/info) and 修改密码 (update-password: old password, new password, confirmation; at
 * least 8 characters with letters and digits, not the old one). After an administrator's 密码重置 the
 * page opens on 修改密码 and says why.
 */
export default function InfoPage() {
  const info = useUserInfo();
  const [tab, setTab] = useState<string | undefined>();
  const mustChange = info.data?.passwordResetRequired === 1;
  const active = tab ?? (mustChange ? 'password' : 'info');

  if (info.isPending) {
    return (
      <div className="info-page__state">
        <Spin />
      </div>
    );
  }
  if (info.isError || !info.data) {
    return (
      <LoadError className="info-page__state" image={Empty.PRESENTED_IMAGE_DEFAULT} message="个人信息加载失败" testId="info-error" onRetry={info.refetch} />
    );
  }
  return (
    <Card className="info-page" data-testid="info-page">
      {mustChange && (
        <Alert type="warning" showIcon title="您的密码已由管理员重置，请尽快修改密码" style={{ marginBottom: 16 }} data-testid="info-must-change" />
      )}
      <Tabs
        activeKey={active}
        onChange={setTab}
        items={[
          { key: 'info', label: '个人信息', children: <Profile user={info.data} /> },
          { key: 'password', label: '修改密码', children: <PasswordForm onChanged={() => void info.refetch()} /> },
        ]}
      />
    </Card>
  );
}

function Profile({ user }: { user: UserView }) {
  const dash = (v: string | null | undefined) => v || '-';
  return (
    <div className="info-page__profile" data-testid="info-profile">
      <Avatar size={88} src={user.avatar || undefined} icon={<UserOutlined />} />
      <Descriptions column={2} bordered size="middle" styles={{ label: { width: 110 } }}>
        <Descriptions.Item label="登录账号">
          <span data-testid="info-account">{user.account}</span>
        </Descriptions.Item>
        <Descriptions.Item label="用户姓名">
          <span data-testid="info-realName">{dash(user.realName)}</span>
        </Descriptions.Item>
        <Descriptions.Item label="用户昵称">{dash(user.name)}</Descriptions.Item>
        <Descriptions.Item label="手机号码">{dash(user.phone)}</Descriptions.Item>
        <Descriptions.Item label="电子邮箱">{dash(user.email)}</Descriptions.Item>
        <Descriptions.Item label="用户性别">{dash(user.sexName)}</Descriptions.Item>
        <Descriptions.Item label="用户生日">{dash(user.birthday)}</Descriptions.Item>
        <Descriptions.Item label="用户编号">{dash(user.code)}</Descriptions.Item>
        <Descriptions.Item label="所属机构">{dash(user.deptName)}</Descriptions.Item>
        <Descriptions.Item label="所属角色">{dash(user.roleNames)}</Descriptions.Item>
        <Descriptions.Item label="人员标签">{profileTagName(user.profileTag) || '-'}</Descriptions.Item>
        <Descriptions.Item label="账号状态">
          <Tag color={user.status === 1 ? 'success' : 'error'}>{USER_STATUS_NAMES[user.status] ?? user.statusName}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label="创建时间">{dash(user.createTime)}</Descriptions.Item>
        <Descriptions.Item label="更新时间">{dash(user.updateTime)}</Descriptions.Item>
      </Descriptions>
    </div>
  );
}

/** The form's rules: the server's messages, checked on blur (specification §5 password change form). */
export const PASSWORD_RULES = {
  oldPassword: [{ required: true, message: '请输入原密码' }],
  newPassword: [
    { required: true, message: '请输入新密码' },
    ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
      validator: async (_rule: unknown, value: unknown) => {
        if (!value) return;
        if (passwordProblem(String(value))) throw new Error(USER_MSG.passwordWeak);
        if (value === getFieldValue('oldPassword')) throw new Error(USER_MSG.passwordSame);
      },
    }),
  ],
  newPassword1: [
    { required: true, message: '请确认新密码' },
    ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
      validator: async (_rule: unknown, value: unknown) => {
        if (value && value !== getFieldValue('newPassword')) throw new Error(USER_MSG.passwordMismatch);
      },
    }),
  ],
};

function PasswordForm({ onChanged }: { onChanged: () => void }) {
  const [form] = Form.useForm<UpdatePassword>();
  const [saving, setSaving] = useState(false);
  const submit = async (values: UpdatePassword) => {
    setSaving(true);
    try {
      toast.success(await updateOwnPassword(values));
      form.resetFields();
      onChanged();
    } catch {
      /* told by the transport (原密码不正确 …) */
    } finally {
      setSaving(false);
    }
  };
  return (
    <Form<UpdatePassword>
      form={form}
      name="info-password"
      data-testid="info-password-form"
      className="info-page__password"
      labelCol={{ flex: '100px' }}
      wrapperCol={{ flex: 'auto' }}
      validateTrigger="onBlur"
      onFinish={(values) => void submit(values)}
    >
      <Form.Item name="oldPassword" label="原密码" rules={PASSWORD_RULES.oldPassword}>
        <Input.Password placeholder="请输入原密码" autoComplete="current-password" maxLength={128} data-testid="info-old-password" />
      </Form.Item>
      <Form.Item name="newPassword" label="新密码" rules={PASSWORD_RULES.newPassword} dependencies={['oldPassword']} extra="至少8位且包含字母和数字">
        <Input.Password placeholder="请输入新密码" autoComplete="new-password" maxLength={128} data-testid="info-new-password" />
      </Form.Item>
      <Form.Item name="newPassword1" label="确认密码" rules={PASSWORD_RULES.newPassword1} dependencies={['newPassword']}>
        <Input.Password placeholder="请再次输入新密码" autoComplete="new-password" maxLength={128} data-testid="info-new-password1" />
      </Form.Item>
      <Form.Item label=" " colon={false}>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="info-password-submit">
          提交
        </Button>
        <Button style={{ marginLeft: 8 }} onClick={() => form.resetFields()}>
          清空
        </Button>
      </Form.Item>
    </Form>
  );
}
