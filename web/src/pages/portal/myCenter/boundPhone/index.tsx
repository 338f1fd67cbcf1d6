import { useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions, Form, Input, Spin } from 'antd';
import type { BindMobile } from '@gsl/contract';
import { toast } from '../../../../api/feedback';
import { tellUnhandled } from '../../../../api/http';
import { bindMobile, myCenterKeys, sendCodeTo, useMyProfile } from '../../../../api/mycenter/profile';
import { LoadError } from '../../../../components/LoadError';
import { MyCenterLayout } from '../MyCenterLayout';
import { CodeInput } from '../parts';
import { CODE_RULES, PHONE_RULES } from '../myCenterLogic';

/**
 * The form that binds a number: 手机号码 (§5's three messages), 验证码 with 获取验证码 (sent to that
 * number, then 60 s before another), 绑定. `onBound` gets the server's message.
 */
export function BindMobileForm({ submitText, onBound, testId }: { submitText: string; onBound: (msg: string) => void; testId: string }) {
  const client = useQueryClient();
  const [form] = Form.useForm<BindMobile>();
  const [saving, setSaving] = useState(false);

  /** A code to the number typed, once it passes the §5 rule (the field shows why not). */
  const send = async () => {
    try {
      await form.validateFields(['mobile']);
    } catch {
      return false as const;
    }
    return (await sendCodeTo(form.getFieldValue('mobile'))).data;
  };

  const submit = async (values: BindMobile) => {
    setSaving(true);
    try {
      const { data, msg } = await bindMobile({ mobile: values.mobile.trim(), code: values.code });
      client.setQueryData(myCenterKeys.profile, data);
      form.resetFields();
      onBound(msg);
    } catch (err) {
      tellUnhandled(err); // 验证码不正确, 该手机号码已绑定其他账号 … told by the transport
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<BindMobile>
      form={form}
      name={testId}
      data-testid={testId}
      labelCol={{ flex: '110px' }}
      wrapperCol={{ flex: 'auto' }}
      style={{ maxWidth: 520 }}
      validateTrigger="onBlur"
      onFinish={(values) => void submit(values)}
    >
      <Form.Item name="mobile" label="手机号码" rules={PHONE_RULES} required>
        <Input placeholder="请输入手机号码" inputMode="numeric" autoComplete="tel" maxLength={11} data-testid={`${testId}-mobile`} style={{ maxWidth: 360 }} />
      </Form.Item>
      <Form.Item name="code" label="验证码" rules={CODE_RULES}>
        <CodeInput send={send} testId={`${testId}-code`} />
      </Form.Item>
      <Form.Item label=" " colon={false}>
        <Button type="primary" htmlType="submit" loading={saving} data-testid={`${testId}-submit`}>
          {submitText}
        </Button>
      </Form.Item>
    </Form>
  );
}

/**
 * 绑定手机 (/portal/myCenter/boundPhone): the number bound now (masked) with 更换手机号, or, with none,
 * the binding form (blade-user/mobile with a code from sms/code).
 */
export default function BoundPhonePage() {
  const profile = useMyProfile();
  return (
    <MyCenterLayout title="绑定手机">
      {profile.isPending ? (
        <div className="my-center__state">
          <Spin />
        </div>
      ) : profile.isError || !profile.data ? (
        <LoadError message="手机绑定情况加载失败" onRetry={profile.refetch} testId="my-phone-error" />
      ) : profile.data.phoneBound ? (
        <Descriptions
          column={1}
          bordered
          size="middle"
          style={{ maxWidth: 560 }}
          styles={{ label: { width: 140 } }}
          items={[
            { key: 'phone', label: '已绑定手机号码', children: <span data-testid="my-bound-phone">{profile.data.phone}</span> },
            {
              key: 'change',
              label: '操作',
              children: (
                <Link to="/portal/myCenter/changingPhone" data-testid="my-go-change">
                  更换手机号
                </Link>
              ),
            },
          ]}
        />
      ) : (
        <>
          <p className="my-center__note" data-testid="my-no-phone">
            您尚未绑定手机号码。绑定后可用于接收通知短信和身份验证。
          </p>
          <BindMobileForm submitText="绑定" testId="my-bind" onBound={(msg) => toast.success(msg || '手机号码绑定成功')} />
        </>
      )}
    </MyCenterLayout>
  );
}
