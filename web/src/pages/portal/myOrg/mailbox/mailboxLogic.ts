import { MAILBOX_MSG, type MailboxSubmit, type MailboxTest, type MailboxView } from '@gsl/contract';

export type Security = MailboxSubmit['security'];

/** The usual port of each way of protecting the connection. */
export const DEFAULT_PORTS: Record<Security, number> = { ssl: 465, starttls: 587, none: 25 };

/** What the mailbox form holds. */
export interface MailboxForm {
  host?: string;
  port?: number | null;
  security?: Security;
  account?: string;
  password?: string;
  displayName?: string | null;
  enabled?: boolean;
}

/** The form's starting values: the stored settings, or SSL/TLS on 465 and 启用 for an org without a mailbox. The password field starts empty. */
export function formValuesOf(view: MailboxView): MailboxForm {
  return {
    host: view.host ?? '',
    port: view.port ?? DEFAULT_PORTS.ssl,
    security: view.security ?? 'ssl',
    account: view.account ?? '',
    password: '',
    displayName: view.displayName ?? '',
    enabled: view.status === 1,
  };
}

/** A new protection moves the port to its usual one, unless the port was changed by hand to something unusual. */
export function portAfter(previous: Security | undefined, next: Security, port: number | null | undefined): number {
  const usual = Object.values(DEFAULT_PORTS);
  if (port === null || port === undefined || usual.includes(port) || (previous && port === DEFAULT_PORTS[previous])) return DEFAULT_PORTS[next];
  return port;
}

const settingsOf = (v: MailboxForm) => ({
  host: (v.host ?? '').trim(),
  port: Number(v.port),
  security: v.security ?? 'ssl',
  account: (v.account ?? '').trim(),
  // left empty: the stored password is kept (submit) or used (test)
  ...(v.password ? { password: v.password } : {}),
  displayName: (v.displayName ?? '').trim() || null,
});

/** What 保存 sends: the settings, 启用 as status, and the version read once the mailbox exists. */
export function submitBodyOf(values: MailboxForm, view: MailboxView): MailboxSubmit {
  return { ...settingsOf(values), status: values.enabled === false ? 0 : 1, ...(view.id ? { version: view.version } : {}) };
}

/** What 发送测试邮件 sends: the settings on the form (saved or not) and the address to send to. */
export function testBodyOf(values: MailboxForm, to: string): MailboxTest {
  return { ...settingsOf(values), to: to.trim() };
}

/** The password is needed on the first save only; afterwards an empty field keeps the stored one. */
export const passwordRules = (view: MailboxView) => (view.hasPassword ? [] : [{ required: true, message: MAILBOX_MSG.password }]);

/** The last test send, in words. */
export function lastTestOf(view: MailboxView): { type: 'success' | 'error'; text: string } | null {
  if (view.testOk === null || !view.testTime) return null;
  return view.testOk
    ? { type: 'success', text: `${view.testTime} 测试发送成功` }
    : { type: 'error', text: `${view.testTime} 测试发送失败:${view.testMessage ?? ''}` };
}
