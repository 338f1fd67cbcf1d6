import { useRef, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { Avatar, Button, Form, Input, Typography } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { AUTH_MSG } from '@gsl/contract';
import { loginByPassword } from '../../api/auth';
import { HttpError } from '../../api/http';
import { saveTokenAnswer } from '../session/sessionStore';
import { useSession } from '../session/useSession';
import { useConfirmLogout } from '../session/useLogout';
import { unlockScreen, useLocked } from './lockState';
import '../pages/publicPages.css';

/**
 * /lock (specification §4): shows who is signed in and unlocks only with the account password,
 * checked by a password-grant token call; a fresh token answer means the password is right and
 * its tokens replace the session's.
 */
export default function LockPage() {
  const locked = useLocked();
  const { token, user } = useSession();
  const navigate = useNavigate();
  const confirmLogout = useConfirmLogout();
  const [form] = Form.useForm<{ password: string }>();
  const [checking, setChecking] = useState(false);
  // Set while leaving after a successful unlock, so the "not locked → /" rule does not race the way back.
  const leaving = useRef(false);

  if (!token || !user) return <Navigate to="/login" replace />;
  if (!locked && !leaving.current) return <Navigate to="/" replace />;

  const unlock = async ({ password }: { password: string }) => {
    setChecking(true);
    try {
      const answer = await loginByPassword(user.account, password, user.tenant_id);
      if (!answer?.access_token) return;
      saveTokenAnswer(answer);
      leaving.current = true;
      navigate(unlockScreen(), { replace: true });
    } catch (err) {
      const text = err instanceof HttpError ? err.message : AUTH_MSG.badCredentials;
      form.setFields([{ name: 'password', errors: [text] }]);
    } finally {
      setChecking(false);
    }
  };

  return (
    <div className="lock-screen" data-testid="lock-screen">
      <div className="lock-screen__card">
        <Avatar size={72} src={user.avatar || undefined} icon={<UserOutlined />} />
        <Typography.Title level={4} className="lock-screen__name" data-testid="lock-user">
          {user.real_name || user.account}
        </Typography.Title>
        <Typography.Text type="secondary">账号：{user.account}</Typography.Text>
        <Form form={form} onFinish={unlock} className="lock-screen__form" data-testid="unlock-form" autoComplete="off">
          <Form.Item name="password" rules={[{ required: true, message: AUTH_MSG.passwordRequired }]}>
            <Input.Password
              prefix={<LockOutlined />}
              placeholder="请输入登录密码解锁"
              autoFocus
              data-testid="unlock-password"
              autoComplete="current-password"
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={checking} data-testid="unlock-submit">
            解锁
          </Button>
        </Form>
        <Button type="link" onClick={confirmLogout} data-testid="lock-logout">
          退出登录
        </Button>
      </div>
    </div>
  );
}
