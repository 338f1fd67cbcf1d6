import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, Form, Result, Spin, Steps } from 'antd';
import { MOBILE_STEP_SECONDS } from '@gsl/contract';
import { toast } from '../../../../api/feedback';
import { tellUnhandled } from '../../../../api/http';
import { sendCodeToCurrent, useMyProfile, verifyCurrentMobile } from '../../../../api/mycenter/profile';
import { LoadError } from '../../../../components/LoadError';
import { BindMobileForm } from '../boundPhone';
import { MyCenterLayout } from '../MyCenterLayout';
import { CodeInput } from '../parts';
import { CODE_RULES } from '../myCenterLogic';

/** Step 1: a code to the number bound now, checked by the server, which then allows step 2 for a few minutes. */
function VerifyCurrent({ phone, onVerified }: { phone: string; onVerified: () => void }) {
  const [form] = Form.useForm<{ code: string }>();
  const [checking, setChecking] = useState(false);
  const next = async ({ code }: { code: string }) => {
    setChecking(true);
    try {
      await verifyCurrentMobile(code);
      onVerified();
    } catch (err) {
      tellUnhandled(err);
    } finally {
      setChecking(false);
    }
  };
  return (
    <Form<{ code: string }>
      form={form}
      name="my-verify-current"
      data-testid="my-verify-current"
      labelCol={{ flex: '110px' }}
      wrapperCol={{ flex: 'auto' }}
      style={{ maxWidth: 520 }}
      onFinish={(v) => void next(v)}
    >
      <Form.Item label="当前手机号码">
        <span data-testid="my-current-phone">{phone}</span>
      </Form.Item>
      <Form.Item name="code" label="验证码" rules={CODE_RULES} validateTrigger="onBlur">
        <CodeInput send={async () => (await sendCodeToCurrent()).data} testId="my-current-code" />
      </Form.Item>
      <Form.Item label=" " colon={false}>
        <Button type="primary" htmlType="submit" loading={checking} data-testid="my-verify-current-submit">
          下一步
        </Button>
      </Form.Item>
    </Form>
  );
}

/**
 * 更换手机号 (/portal/myCenter/changingPhone, specification §2, a route of its own): antd Steps — 验证当前
 * 手机号 (a code to the number bound now), 绑定新手机号 (the new number and its own code, within
 * MOBILE_STEP_SECONDS of step 1), 完成.
 */
export default function ChangingPhonePage() {
  const profile = useMyProfile();
  const navigate = useNavigate();
  const [step, setStep] = useState(0);

  const body = () => {
    if (profile.isPending)
      return (
        <div className="my-center__state">
          <Spin />
        </div>
      );
    if (profile.isError || !profile.data) return <LoadError message="手机绑定情况加载失败" onRetry={profile.refetch} testId="my-phone-error" />;
    if (step === 2)
      return (
        <Result
          status="success"
          title="手机号码更换成功"
          subTitle={`当前绑定的手机号码：${profile.data.phone ?? ''}`}
          extra={
            <Button type="primary" onClick={() => navigate('/portal/myCenter/boundPhone')} data-testid="my-change-done">
              返回绑定手机
            </Button>
          }
          data-testid="my-change-result"
        />
      );
    if (!profile.data.phoneBound)
      return (
        <p className="my-center__note" data-testid="my-no-phone">
          您尚未绑定手机号码，请先<Link to="/portal/myCenter/boundPhone">绑定手机</Link>。
        </p>
      );
    if (step === 0) return <VerifyCurrent phone={profile.data.phone ?? ''} onVerified={() => setStep(1)} />;
    return (
      <>
        <p className="my-center__note">当前号码已验证，请在{Math.round(MOBILE_STEP_SECONDS / 60)}分钟内完成新手机号码的绑定。</p>
        <BindMobileForm
          submitText="确定更换"
          testId="my-new-phone"
          onBound={(msg) => {
            toast.success(msg || '手机号码更换成功');
            setStep(2);
          }}
        />
      </>
    );
  };

  return (
    <MyCenterLayout title="更换手机号">
      <Steps
        current={step}
        items={[{ title: '验证当前手机号' }, { title: '绑定新手机号' }, { title: '完成' }]}
        style={{ maxWidth: 640, marginBottom: 24 }}
        data-testid="my-change-steps"
      />
      {body()}
    </MyCenterLayout>
  );
}
