import { useState } from 'react';
import { flushSync } from 'react-dom';
import { Navigate, useNavigate } from 'react-router';
import { Avatar, Button, Form, Input, Typography } from 'antd';
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { AUTH_MSG } from '@gsl/contract';
import { getCaptcha, loginByPassword } from '../../api/auth';
import { HttpError } from '../../api/http';
import { saveTokenAnswer } from '../../utils/sessionStore';
import { useSession } from '../../utils/useSession';
import { useConfirmLogout } from '../session/useLogout';
import { unlockScreen, useLocked } from './lockState';
import '../pages/publicPages.css';

interface UnlockForm {
  password: string;
  captchaCode?: string;
}

interface Captcha {
  key: string;
  image: string;
}

/** Answers about the captcha itself: the error belongs to the captcha field. */
const CAPTCHA_ERRORS = new Set<string>([AUTH_MSG.captchaRequired, AUTH_MSG.captchaWrong]);
/**
 * After these the next attempt needs a captcha (README deviation 1: after a failed password the
 * account needs one on every path until a sign-on succeeds), so it is shown at once.
 */
const CAPTCHA_TRIGGERS = new Set<string>([...CAPTCHA_ERRORS, AUTH_MSG.badCredentials]);

/**
 * /lock (specification §4): shows who is signed in and unlocks only with the account password,
 * checked by a password-grant token call (README deviation 3); a fresh token answer means the
 * password is right and its tokens replace the session's. Once the server wants a captcha (after a
 * failed password) the form shows one: its image (a button that fetches another) and its answer,
 * sent with the next attempt. Each captcha works once, so every failed attempt brings a new one.
 */
export default function LockPage() {
  const locked = useLocked();
  const { token, user } = useSession();
  const navigate = useNavigate();
  const confirmLogout = useConfirmLogout();
  const [form] = Form.useForm<UnlockForm>();
  const [checking, setChecking] = useState(false);
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [captchaLoading, setCaptchaLoading] = useState(false);
  // Set while leaving after a successful unlock, so the "not locked → /" rule does not race the way back.
  const [leaving, setLeaving] = useState(false);

  if (!token || !user) return <Navigate to="/login" replace />;
  if (!locked && !leaving) return <Navigate to="/" replace />;

  const loadCaptcha = async () => {
    setCaptchaLoading(true);
    try {
      const next = await getCaptcha();
      if (next?.key && next.image) setCaptcha({ key: next.key, image: next.image });
    } catch {
      // the transport has said why; the image button lets the user try again
    } finally {
      setCaptchaLoading(false);
    }
    form.setFieldValue('captchaCode', '');
  };

  const unlock = async ({ password, captchaCode }: UnlockForm) => {
    setChecking(true);
    try {
      const answer = await loginByPassword(
        user.account,
        password,
        user.tenant_id,
        captcha ? { key: captcha.key, code: (captchaCode ?? '').trim() } : undefined,
      );
      if (!answer?.access_token) return;
      saveTokenAnswer(answer);
      flushSync(() => setLeaving(true)); // rendered before the lock is cleared below
      navigate(unlockScreen(), { replace: true });
    } catch (err) {
      const text = err instanceof HttpError ? err.message : AUTH_MSG.badCredentials;
      const aboutCaptcha = CAPTCHA_ERRORS.has(text);
      if (captcha || CAPTCHA_TRIGGERS.has(text)) await loadCaptcha();
      form.setFields([
        { name: 'password', errors: aboutCaptcha ? [] : [text] },
        { name: 'captchaCode', value: '', errors: aboutCaptcha ? [text] : [] },
      ]);
    } finally {
      setChecking(false);
    }
  };

  return (
    <main className="lock-screen" data-testid="lock-screen">
      <div className="lock-screen__card">
        <Avatar size={72} src={user.avatar || undefined} icon={<UserOutlined />} />
        <Typography.Title level={4} className="lock-screen__name" data-testid="lock-user">
          {user.real_name || user.account}
        </Typography.Title>
        <Typography.Text type="secondary">账号：{user.account}</Typography.Text>
        <Form
          form={form}
          name="unlock"
          layout="vertical"
          requiredMark={false}
          onFinish={unlock}
          className="lock-screen__form"
          data-testid="unlock-form"
          autoComplete="off"
        >
          <Form.Item name="password" label="登录密码" rules={[{ required: true, message: AUTH_MSG.passwordRequired }]}>
            <Input.Password
              prefix={<LockOutlined />}
              placeholder="请输入登录密码解锁"
              autoFocus
              data-testid="unlock-password"
              autoComplete="current-password"
            />
          </Form.Item>
          {/* Always registered (hidden until needed), so a captcha error can be set before it shows. */}
          <Form.Item label="验证码" htmlFor="unlock_captchaCode" hidden={!captcha} className="lock-screen__captcha" data-testid="unlock-captcha-row">
            <div className="lock-screen__captcha-row">
              <Form.Item name="captchaCode" noStyle rules={captcha ? [{ required: true, whitespace: true, message: AUTH_MSG.captchaRequired }] : []}>
                <Input
                  id="unlock_captchaCode"
                  prefix={<SafetyOutlined />}
                  placeholder="请输入验证码"
                  maxLength={10}
                  autoComplete="off"
                  data-testid="unlock-captcha"
                />
              </Form.Item>
              <button
                type="button"
                className="lock-screen__captcha-image"
                onClick={() => void loadCaptcha()}
                disabled={captchaLoading}
                title="看不清？点击换一张"
                aria-label="看不清？点击换一张验证码"
                data-testid="unlock-captcha-image"
              >
                {captcha && <img src={captcha.image} alt="验证码图片" width={120} height={40} />}
              </button>
            </div>
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={checking} data-testid="unlock-submit">
            解锁
          </Button>
        </Form>
        <Button type="link" onClick={confirmLogout} data-testid="lock-logout">
          退出登录
        </Button>
      </div>
    </main>
  );
}
