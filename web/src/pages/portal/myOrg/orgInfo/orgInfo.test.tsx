import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MyOrgCardView, PageResult, PortalLoginView } from '@gsl/contract';
import { renderScreen } from '../../../../../test/screens';

vi.mock('../../../../api/feedback', () => ({ toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() }, setMessageInstance: vi.fn() }));

const api = vi.hoisted(() => ({ card: vi.fn(), profile: vi.fn(), submit: vi.fn(), logins: vi.fn() }));
vi.mock('../../../../api/myorg/org', () => ({
  myOrgKeys: { all: ['myorg', 'own'], card: ['myorg', 'own', 'card'] },
  useMyOrgCard: () => useQuery({ queryKey: ['myorg', 'own', 'card'], queryFn: api.card, retry: false }),
  orgLoginApi: { queryKey: ['myorg', 'own', 'logins'], list: api.logins, submit: vi.fn(), remove: vi.fn() },
}));
vi.mock('../../../../api/profile', async (original) => ({
  ...(await original<object>()),
  useOrgProfile: (deptId: string | undefined) =>
    useQuery({ queryKey: ['profile', 'org', 'detail', deptId ?? ''], queryFn: api.profile, enabled: Boolean(deptId), retry: false }),
  orgProfileSubmit: api.submit,
}));

const { default: GuidancePage } = await import('./guidance');
const { default: LoginJournalPage } = await import('../loginJournal');

const CARD = { deptId: '7', deptCategory: 2, staffCount: 3, addressBookCount: 0, profileFilled: 1, profileTotal: 16 } as MyOrgCardView;
const PROFILE = { id: '11', deptId: '7', version: 3, name: '南京市浙江商会', deptName: '南京市浙江商会', createTime: null, updateTime: null };

beforeEach(() => {
  vi.clearAllMocks();
  api.card.mockResolvedValue(CARD);
  api.profile.mockResolvedValue(PROFILE);
});

describe('填报指引', { timeout: 20_000 }, () => {
  it('opens at the first step still missing something and saves a step on the org profile, then moves on', async () => {
    api.submit.mockResolvedValue({ data: { ...PROFILE, version: 4, representative: '王会长' }, msg: '更新成功' });
    renderScreen(<GuidancePage />, ['profile_org', 'profile_org_edit']);
    expect((await screen.findByTestId('guidance-step-title')).textContent).toBe('第 1 步:基本信息');
    fireEvent.change(screen.getByTestId('orgprofile-form-representative'), { target: { value: '王会长' } });
    fireEvent.click(screen.getByTestId('guidance-form-basic-save'));
    await waitFor(() =>
      expect(api.submit).toHaveBeenCalledWith(expect.objectContaining({ deptId: '7', version: 3, name: '南京市浙江商会', representative: '王会长' })),
    );
    await waitFor(() => expect(screen.getByTestId('guidance-step-title').textContent).toBe('第 2 步:组织简介'));
  });

  it('resumes where something is missing: every field filled but nobody in the address book opens 通讯录', async () => {
    const filled = {
      ...PROFILE,
      creditCode: 'x',
      representative: 'x',
      level: 2,
      regionCode: '3201',
      establishedDate: '2001-01-01',
      registrationAuthority: 'x',
      competentUnit: 'x',
      introduction: 'x',
      purpose: 'x',
      businessScope: 'x',
      contactPerson: 'x',
      contactPhone: '025-1',
      email: 'a@b.cn',
      address: 'x',
      zipCode: '210000',
    };
    api.profile.mockResolvedValue(filled);
    renderScreen(<GuidancePage />, ['profile_org', 'profile_org_edit']);
    expect((await screen.findByTestId('guidance-step-title')).textContent).toBe('第 4 步:通讯录');
    expect(screen.getByTestId('guidance-book-count').textContent).toBe('0');
    fireEvent.click(screen.getByTestId('guidance-next'));
    expect((await screen.findByTestId('guidance-finish')).textContent).toContain('组织信息已填写完整');
  });

  it('without the right to edit it only offers to read', async () => {
    renderScreen(<GuidancePage />, ['profile_org']);
    expect(await screen.findByTestId('guidance-readonly')).toBeTruthy();
    expect(screen.queryByTestId('guidance-steps')).toBeNull();
  });
});

describe('登录日志', { timeout: 20_000 }, () => {
  const entry: PortalLoginView = {
    id: '1',
    account: 'nj_coc',
    realName: '方海涛',
    deptName: '南京市浙江商会',
    loginType: 'password',
    loginTypeName: '账号密码',
    success: 0,
    message: '用户名或密码不正确',
    remoteIp: '127.0.0.1',
    userAgent: 'Chrome',
    createTime: '2026-03-01 09:00:00',
  };
  it('lists the org’s sign-ons with the reason of a refused one, and searches by account and result from page 1', async () => {
    api.logins.mockImplementation(async (query: Record<string, unknown>): Promise<PageResult<PortalLoginView>> => ({
      records: [entry],
      total: 1,
      size: Number(query.size),
      current: 1,
      pages: 1,
    }));
    renderScreen(<LoginJournalPage />, ['myorg_login']);
    expect(await screen.findByText('用户名或密码不正确')).toBeTruthy();
    expect(screen.getByText('南京市浙江商会')).toBeTruthy();
    fireEvent.change(screen.getByTestId('myorg-logins-search-account'), { target: { value: ' nj_coc ' } });
    fireEvent.click(screen.getByTestId('myorg-logins-search-submit'));
    await waitFor(() => expect(api.logins).toHaveBeenLastCalledWith({ account: 'nj_coc', current: 1, size: 10 }, expect.anything()));
    expect(screen.queryByTestId('myorg-logins-add')).toBeNull();
  });
});
