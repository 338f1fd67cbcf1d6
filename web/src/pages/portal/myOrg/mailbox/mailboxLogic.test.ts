import { describe, expect, it } from 'vitest';
import type { MailboxView } from '@gsl/contract';
import { formValuesOf, lastTestOf, passwordRules, portAfter, submitBodyOf, testBodyOf } from './mailboxLogic';

const empty: MailboxView = {
  id: null,
  deptId: '7',
  deptName: '南京市工商联',
  host: null,
  port: null,
  security: null,
  securityName: null,
  account: null,
  displayName: null,
  hasPassword: false,
  status: 1,
  statusName: '启用',
  version: 0,
  updateTime: null,
  testTime: null,
  testOk: null,
  testMessage: null,
};
const stored: MailboxView = {
  ...empty,
  id: '3',
  host: 'smtp.example.cn',
  port: 587,
  security: 'starttls',
  securityName: 'STARTTLS',
  account: 'office@example.cn',
  displayName: '办公室',
  hasPassword: true,
  version: 4,
};

describe('邮箱配置 form', () => {
  it('starts an org without a mailbox on SSL/TLS 465, enabled, and a stored one as stored, the password always empty', () => {
    expect(formValuesOf(empty)).toEqual({ host: '', port: 465, security: 'ssl', account: '', password: '', displayName: '', enabled: true });
    expect(formValuesOf({ ...stored, status: 0 })).toMatchObject({ host: 'smtp.example.cn', port: 587, security: 'starttls', password: '', enabled: false });
  });

  it('moves the port with the protection unless it was set by hand', () => {
    expect(portAfter('ssl', 'starttls', 465)).toBe(587);
    expect(portAfter('starttls', 'none', 587)).toBe(25);
    expect(portAfter('none', 'ssl', 2525)).toBe(2525);
    expect(portAfter(undefined, 'ssl', null)).toBe(465);
  });

  it('sends the version once the mailbox exists, leaves an empty password out, trims, and says 停用 as status 0', () => {
    const values = {
      host: ' smtp.example.cn ',
      port: 587,
      security: 'starttls' as const,
      account: ' office@example.cn ',
      password: '',
      displayName: ' ',
      enabled: false,
    };
    expect(submitBodyOf(values, stored)).toEqual({
      host: 'smtp.example.cn',
      port: 587,
      security: 'starttls',
      account: 'office@example.cn',
      displayName: null,
      status: 0,
      version: 4,
    });
    expect(submitBodyOf({ ...values, password: 'secret', enabled: true }, empty)).toEqual({
      host: 'smtp.example.cn',
      port: 587,
      security: 'starttls',
      account: 'office@example.cn',
      password: 'secret',
      displayName: null,
      status: 1,
    });
    expect(testBodyOf(values, ' me@example.cn ')).toEqual({
      host: 'smtp.example.cn',
      port: 587,
      security: 'starttls',
      account: 'office@example.cn',
      displayName: null,
      to: 'me@example.cn',
    });
  });

  it('asks for the password only before one is stored, and words the last test', () => {
    expect(passwordRules(empty)).toHaveLength(1);
    expect(passwordRules(stored)).toHaveLength(0);
    expect(lastTestOf(stored)).toBeNull();
    expect(lastTestOf({ ...stored, testTime: '2026-03-01 09:00:00', testOk: true })).toEqual({ type: 'success', text: '2026-03-01 09:00:00 测试发送成功' });
    expect(lastTestOf({ ...stored, testTime: '2026-03-01 09:00:00', testOk: false, testMessage: '无法连接邮件服务器' })?.type).toBe('error');
  });
});
