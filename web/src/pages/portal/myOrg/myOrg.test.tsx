import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MailboxView, MyOrgCardView } from '@gsl/contract';
import { renderScreen } from '../../../../test/screens';
import { DEFAULT_PAGE, PORTAL_PAGES } from '../../../app/routes/portalPages';
import { HttpError } from '../../../api/http';

vi.mock('../../../api/feedback', () => ({ toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() }, setMessageInstance: vi.fn() }));

const api = vi.hoisted(() => ({ card: vi.fn(), mailbox: vi.fn(), submit: vi.fn(), test: vi.fn() }));
vi.mock('../../../api/myorg/org', () => ({
  myOrgKeys: { all: ['myorg', 'own'], card: ['myorg', 'own', 'card'], mailbox: ['myorg', 'own', 'mailbox'] },
  useMyOrgCard: () => useQuery({ queryKey: ['myorg', 'own', 'card'], queryFn: api.card, retry: false }),
  useMailbox: () => useQuery({ queryKey: ['myorg', 'own', 'mailbox'], queryFn: api.mailbox, retry: false }),
  submitMailbox: api.submit,
  testMailbox: api.test,
}));

const { toast } = await import('../../../api/feedback');
const { default: MyOrgPage } = await import('./index');
const { default: MailboxPage } = await import('./mailbox');

const CARD: MyOrgCardView = {
  deptId: '7',
  deptName: '南京市工商联',
  orgName: '南京市工商业联合会',
  deptCategory: 1,
  deptCategoryName: '工商联',
  parentName: '江苏省工商联',
  regionCode: '320100',
  regionName: '江苏省 / 南京市',
  regionLevel: 2,
  regionLevelName: '市级',
  chamberType: null,
  representative: '王主席',
  contactPerson: null,
  contactPhone: '025-83201234',
  email: null,
  address: null,
  profileId: '11',
  profileFilled: 8,
  profileTotal: 16,
  staffCount: 12,
  addressBookCount: 5,
  federationCount: 11,
  chamberCount: 9,
  associationCount: 2,
  memberCount: { total: 30, enterprise: 20, group: 4, person: 6 },
};

const MAILBOX: MailboxView = {
  id: '3',
  deptId: '7',
  deptName: '南京市工商联',
  host: 'smtp.example.cn',
  port: 465,
  security: 'ssl',
  securityName: 'SSL/TLS',
  account: 'office@example.cn',
  displayName: '南京市工商联',
  hasPassword: true,
  status: 1,
  statusName: '启用',
  version: 2,
  updateTime: '2026-03-01 09:00:00',
  testTime: null,
  testOk: null,
  testMessage: null,
};

beforeEach(() => {
  vi.clearAllMocks();
  api.card.mockResolvedValue(CARD);
  api.mailbox.mockResolvedValue(MAILBOX);
});

describe('我的组织 index', { timeout: 20_000 }, () => {
  it('is a real page in the portal table, and so are its own screens', () => {
    const myOrg = PORTAL_PAGES.find((p) => p.path === 'myOrg')!;
    expect(myOrg.page && myOrg.page !== DEFAULT_PAGE).toBe(true);
    for (const path of ['loginJournal', 'child/emailboxConfigure', 'guidance', 'edit', 'detail']) {
      const child = myOrg.children!.find((c) => c.path === path)!;
      expect(child.page && child.page !== DEFAULT_PAGE, path).toBe(true);
    }
  });

  it('shows the org’s card with its figures and the entries the user is granted', async () => {
    renderScreen(<MyOrgPage />, ['portal_myorg', 'myorg_login', 'myorg_mailbox', 'profile_org', 'profile_org_edit']);
    expect((await screen.findByTestId('myorg-name')).textContent).toBe('南京市工商业联合会');
    expect(screen.getByText('江苏省 / 南京市')).toBeTruthy();
    expect(screen.getByText('王主席')).toBeTruthy();
    expect(within(screen.getByTestId('myorg-figure-staff')).getByText('12')).toBeTruthy();
    expect(within(screen.getByTestId('myorg-figure-chamber')).getByText('9')).toBeTruthy();
    expect(within(screen.getByTestId('myorg-figure-member')).getByText('企业 20 · 团体 4 · 个人 6')).toBeTruthy();
    expect(screen.getByTestId('myorg-entry-myorg_login')).toBeTruthy();
    expect(screen.getByTestId('myorg-entry-myorg_mailbox')).toBeTruthy();
    expect(screen.getByTestId('myorg-entry-profile_org')).toBeTruthy();
    // not granted: not offered
    expect(screen.queryByTestId('myorg-entry-myorg_gsl_address')).toBeNull();
    // unfinished information: the guidance is offered to whoever may edit it
    expect(screen.getByTestId('myorg-guidance').textContent).toBe('继续填报');
  });

  it('offers nothing the user was not granted, and says when there is nothing', async () => {
    renderScreen(<MyOrgPage />, ['portal_myorg']);
    await screen.findByTestId('myorg-name');
    // 我的组织 alone: the org's own AI主页, nothing else.
    expect(screen.getAllByRole('button', { name: /AI主页/ })).toHaveLength(1);
    expect(screen.queryByTestId('myorg-entry-profile_org')).toBeNull();
    expect(screen.queryByTestId('myorg-progress')).toBeNull();
    cleanup();
    renderScreen(<MyOrgPage />, []);
    await screen.findByTestId('myorg-name');
    expect(screen.getByText('暂无可用的功能')).toBeTruthy();
  });

  it('says when the card cannot be loaded, with 重新加载', async () => {
    api.card.mockRejectedValue(new Error('x'));
    renderScreen(<MyOrgPage />, ['portal_myorg']);
    expect((await screen.findByTestId('myorg-error')).textContent).toContain('本组织信息加载失败');
  });
});

describe('邮箱配置', { timeout: 20_000 }, () => {
  it('never shows the stored password; an empty field keeps it on save', async () => {
    api.submit.mockResolvedValue({ data: { ...MAILBOX, version: 3 }, msg: '更新成功' });
    renderScreen(<MailboxPage />, ['myorg_mailbox', 'myorg_mailbox_edit']);
    const password = (await screen.findByTestId('mailbox-password')) as HTMLInputElement;
    expect(password.value).toBe('');
    expect(password.placeholder).toBe('已设置,不修改请留空');
    fireEvent.change(screen.getByTestId('mailbox-display-name'), { target: { value: '南京市工商联办公室' } });
    fireEvent.click(screen.getByTestId('mailbox-save'));
    await waitFor(() =>
      expect(api.submit).toHaveBeenCalledWith({
        host: 'smtp.example.cn',
        port: 465,
        security: 'ssl',
        account: 'office@example.cn',
        displayName: '南京市工商联办公室',
        status: 1,
        version: 2,
      }),
    );
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('更新成功'));
  });

  it('test-sends with the form’s settings and shows why it failed', async () => {
    api.test.mockRejectedValueOnce(new HttpError('测试邮件发送失败:无法连接邮件服务器,请检查SMTP服务器地址和端口', 400, undefined, true));
    renderScreen(<MailboxPage />, ['myorg_mailbox', 'myorg_mailbox_edit']);
    fireEvent.change(await screen.findByTestId('mailbox-test-to'), { target: { value: 'me@example.cn' } });
    fireEvent.click(screen.getByTestId('mailbox-test-send'));
    await waitFor(() => expect(screen.getByTestId('mailbox-test-result').textContent).toContain('无法连接邮件服务器'));
    expect(api.test).toHaveBeenCalledWith({
      host: 'smtp.example.cn',
      port: 465,
      security: 'ssl',
      account: 'office@example.cn',
      displayName: '南京市工商联',
      to: 'me@example.cn',
    });
    api.test.mockResolvedValueOnce({ data: { to: 'me@example.cn', testTime: '2026-03-01 10:00:00' }, msg: '测试邮件已发送,请查收' });
    fireEvent.click(screen.getByTestId('mailbox-test-send'));
    await waitFor(() => expect(screen.getByTestId('mailbox-test-result').textContent).toContain('已向 me@example.cn 发送测试邮件'));
  });

  it('is read only without 修改: no save, no test send', async () => {
    renderScreen(<MailboxPage />, ['myorg_mailbox']);
    await screen.findByTestId('mailbox-form');
    expect(screen.queryByTestId('mailbox-save')).toBeNull();
    expect(screen.queryByTestId('mailbox-test-send')).toBeNull();
    expect((screen.getByTestId('mailbox-host') as HTMLInputElement).disabled).toBe(true);
  });

  it('asks for a password on the first save', async () => {
    api.mailbox.mockResolvedValue({
      ...MAILBOX,
      id: null,
      host: null,
      port: null,
      security: null,
      account: null,
      displayName: null,
      hasPassword: false,
      version: 0,
    });
    renderScreen(<MailboxPage />, ['myorg_mailbox', 'myorg_mailbox_edit']);
    expect(await screen.findByTestId('mailbox-empty')).toBeTruthy();
    fireEvent.change(screen.getByTestId('mailbox-host'), { target: { value: 'smtp.example.cn' } });
    fireEvent.change(screen.getByTestId('mailbox-account'), { target: { value: 'office@example.cn' } });
    fireEvent.click(screen.getByTestId('mailbox-save'));
    expect(await screen.findByText('请输入邮箱密码(授权码)')).toBeTruthy();
    expect(api.submit).not.toHaveBeenCalled();
  });
});
