import { useState } from 'react';
import { Alert, Button, Form, Input, InputNumber, Radio, Skeleton, Space, Switch } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MAILBOX_MSG, MAILBOX_SECURITY, MAILBOX_SECURITY_KEYS, type MailboxView } from '@gsl/contract';
import { myOrgKeys, submitMailbox, testMailbox, useMailbox } from '../../../../api/myorg/org';
import { toast } from '../../../../api/feedback';
import { HttpError, tellUnhandled } from '../../../../api/http';
import { useCan } from '../../../../components/Access';
import { LoadError } from '../../../../components/LoadError';
import { ReadOnlyLook } from '../../../../components/crud/readOnly';
import { MyOrgScreen } from '../home/MyOrgScreen';
import { formValuesOf, lastTestOf, passwordRules, portAfter, submitBodyOf, testBodyOf, type MailboxForm, type Security } from './mailboxLogic';
import './mailbox.css';

const EMAIL_RULE = { type: 'email' as const, message: MAILBOX_MSG.accountFormat };

/** The form once the mailbox is read. */
function MailboxSettings({ view }: { view: MailboxView }) {
  const can = useCan();
  const editable = can('myorg_mailbox_edit');
  const client = useQueryClient();
  const [form] = Form.useForm<MailboxForm>();
  const [to, setTo] = useState('');
  const [outcome, setOutcome] = useState<{ type: 'success' | 'error'; text: string } | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: myOrgKeys.mailbox });

  const save = useMutation({ mutationFn: (values: MailboxForm) => submitMailbox(submitBodyOf(values, view)), onSettled: refresh });
  const test = useMutation({
    mutationFn: async () => {
      const values = await form.validateFields();
      if (!to.trim()) throw new Error(MAILBOX_MSG.to);
      return testMailbox(testBodyOf(values, to));
    },
    onSuccess: ({ msg, data }) => {
      toast.success(msg || MAILBOX_MSG.testSent);
      setOutcome({ type: 'success', text: `${data.testTime} 已向 ${data.to} 发送测试邮件,请查收` });
      void refresh();
    },
    onError: (err) => {
      // The server's reason (无法连接邮件服务器 …) stays on the screen; the client has toasted it already.
      if (err instanceof HttpError) setOutcome({ type: 'error', text: err.message });
      else if (err instanceof Error && err.message === MAILBOX_MSG.to) setOutcome({ type: 'error', text: err.message });
      void refresh();
    },
  });
  const last = outcome ?? lastTestOf(view);

  const shown = (
    <Form<MailboxForm>
      form={form}
      layout="horizontal"
      labelCol={{ flex: '150px' }}
      wrapperCol={{ flex: '420px' }}
      disabled={!editable}
      initialValues={formValuesOf(view)}
      onValuesChange={(changed: Partial<MailboxForm>, all) => {
        if (changed.security) form.setFieldValue('port', portAfter(view.security ?? undefined, changed.security, all.port));
      }}
      onFinish={(values) => save.mutateAsync(values).then(({ msg }) => toast.success(msg), tellUnhandled)}
      data-testid="mailbox-form"
      className="mailbox-form"
    >
      <Form.Item name="host" label="SMTP服务器" required rules={[{ required: true, whitespace: true, message: MAILBOX_MSG.host }]} validateTrigger="onBlur">
        <Input placeholder="如 smtp.exmail.qq.com" maxLength={253} autoComplete="off" data-testid="mailbox-host" />
      </Form.Item>
      <Form.Item name="security" label="加密方式" required rules={[{ required: true, message: MAILBOX_MSG.security }]}>
        <Radio.Group
          options={MAILBOX_SECURITY_KEYS.map((k: Security) => ({ value: k, label: MAILBOX_SECURITY[k] }))}
          optionType="button"
          aria-label="加密方式"
          data-testid="mailbox-security"
        />
      </Form.Item>
      <Form.Item name="port" label="端口" required rules={[{ required: true, message: MAILBOX_MSG.port }]} validateTrigger="onBlur">
        <InputNumber min={1} max={65535} precision={0} style={{ width: 140 }} data-testid="mailbox-port" />
      </Form.Item>
      <Form.Item
        name="account"
        label="邮箱账号"
        required
        rules={[{ required: true, whitespace: true, message: MAILBOX_MSG.account }, EMAIL_RULE]}
        validateTrigger="onBlur"
        extra="发件地址,也是登录SMTP服务器的账号"
      >
        <Input placeholder="如 office@example.cn" maxLength={100} autoComplete="off" data-testid="mailbox-account" />
      </Form.Item>
      <Form.Item
        name="password"
        label="密码(授权码)"
        required={!view.hasPassword}
        rules={passwordRules(view)}
        validateTrigger="onBlur"
        extra={view.hasPassword ? '已设置(加密保存,不会显示);不修改请留空' : '邮箱服务商提供的SMTP密码或授权码,加密保存'}
      >
        <Input.Password
          placeholder={view.hasPassword ? '已设置,不修改请留空' : '请输入邮箱密码或授权码'}
          maxLength={200}
          autoComplete="new-password"
          data-testid="mailbox-password"
        />
      </Form.Item>
      <Form.Item name="displayName" label="发件人名称" rules={[{ max: 50, message: MAILBOX_MSG.displayName }]} extra="收件人看到的发件人,如 南京市工商联">
        <Input maxLength={50} placeholder="请输入发件人名称" data-testid="mailbox-display-name" />
      </Form.Item>
      <Form.Item name="enabled" label="状态" valuePropName="checked" extra="启用后,本组织通过消息中心发送的邮件经此邮箱发出">
        <Switch checkedChildren="启用" unCheckedChildren="停用" aria-label="启用组织发件邮箱" data-testid="mailbox-enabled" />
      </Form.Item>
      {editable && (
        <Form.Item label=" " colon={false}>
          <Space>
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="mailbox-save">
              保存
            </Button>
            <Button onClick={() => form.resetFields()} disabled={save.isPending}>
              重置
            </Button>
          </Space>
        </Form.Item>
      )}
    </Form>
  );

  return (
    <>
      {editable ? shown : <ReadOnlyLook>{shown}</ReadOnlyLook>}
      <section className="mailbox-test" aria-labelledby="mailbox-test-title" data-testid="mailbox-test">
        <h3 id="mailbox-test-title" className="mailbox-test__title">
          测试发送
        </h3>
        {editable && (
          <Space.Compact className="mailbox-test__row">
            <Input
              value={to}
              onChange={(e) => setTo(e.target.value)}
              onPressEnter={() => test.mutate()}
              placeholder="测试收件邮箱"
              aria-label="测试收件邮箱"
              maxLength={100}
              data-testid="mailbox-test-to"
            />
            <Button onClick={() => test.mutate()} loading={test.isPending} data-testid="mailbox-test-send">
              发送测试邮件
            </Button>
          </Space.Compact>
        )}
        <p className="mailbox-test__hint">使用上方表单中的设置(未保存的也可以)立即发送一封测试邮件;未填写密码时使用已保存的密码。</p>
        {last ? (
          <Alert type={last.type} showIcon title={last.text} data-testid="mailbox-test-result" />
        ) : (
          <p className="mailbox-test__hint" data-testid="mailbox-test-none">
            尚未测试发送
          </p>
        )}
      </section>
    </>
  );
}

/**
 * 邮箱配置 (specification §2 /portal/myOrg/child/emailboxConfigure): the own org's sender mailbox — SMTP
 * server, port, SSL/TLS or STARTTLS, the account and its password (kept encrypted, never shown again) and the
 * sender's name — with a test send through it. While it is enabled the message centre's e-mail of the org goes
 * out through it. Read only without 修改 (myorg_mailbox_edit).
 */
export default function MailboxPage() {
  const mailbox = useMailbox();
  return (
    <MyOrgScreen title="邮箱配置" testId="myorg-mailbox">
      {mailbox.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} data-testid="mailbox-loading" />
      ) : mailbox.isError ? (
        <LoadError message="邮箱配置加载失败" onRetry={mailbox.refetch} testId="mailbox-error" />
      ) : (
        <>
          {!mailbox.data.id && (
            <Alert type="info" showIcon className="mailbox-intro" title="本组织尚未配置发件邮箱,邮件将通过平台默认邮箱发出" data-testid="mailbox-empty" />
          )}
          {/* A save gives a new version: the form starts again from what is stored (the password field empty). */}
          <MailboxSettings key={`${mailbox.data.id ?? 'new'}-${mailbox.data.version}`} view={mailbox.data} />
        </>
      )}
    </MyOrgScreen>
  );
}
