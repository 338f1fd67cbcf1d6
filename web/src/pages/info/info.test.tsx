import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useQuery } from '@tanstack/react-query';
import { userView } from '../../../test/fixtures';
import { AntdProviders } from '../../app/AntdProviders';
import { createQueryClient, Providers } from '../../app/providers';

vi.mock('../../api/feedback', () => ({ toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() }, setMessageInstance: vi.fn() }));

const calls = vi.hoisted(() => ({ info: vi.fn(), update: vi.fn(async () => '密码修改成功') }));
vi.mock('../../api/system/user', () => ({
  useUserInfo: () => useQuery({ queryKey: ['user', 'info'], queryFn: calls.info, retry: false }),
  updateOwnPassword: calls.update,
}));
const { toast } = await import('../../api/feedback');
const { default: InfoPage } = await import('./index');

const ME = userView({
  id: '9',
  account: 'nj_coc',
  name: '海涛',
  realName: '方海涛',
  email: null,
  phone: '13912345678',
  birthday: null,
  roleIds: '4',
  roleNames: '商会工作人员',
  seq: 0,
  version: 2,
});

function renderPage() {
  render(
    <Providers queryClient={createQueryClient()}>
      <AntdProviders>
        <InfoPage />
      </AntdProviders>
    </Providers>,
  );
}

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

beforeEach(() => {
  vi.clearAllMocks();
  calls.info.mockResolvedValue(ME);
});

describe('个人信息', { timeout: 20_000 }, () => {
  it('shows the signed-in user’s own record', async () => {
    renderPage();
    expect((await screen.findByTestId('info-account')).textContent).toBe('nj_coc');
    expect(screen.getByTestId('info-realName').textContent).toBe('方海涛');
    expect(screen.getByText('南京市浙江商会')).toBeTruthy();
    expect(screen.getAllByText('商会工作人员')).toHaveLength(2); // 所属角色 and 人员标签
    expect(screen.queryByTestId('info-must-change')).toBeNull();
  });

  it('tells the error and offers 重新加载 when the record cannot be read', async () => {
    calls.info.mockRejectedValue(new Error('x'));
    renderPage();
    expect(await screen.findByText('个人信息加载失败')).toBeTruthy();
  });

  it('checks the password rules before sending, then changes the password and clears the form', async () => {
    renderPage();
    await screen.findByTestId('info-account');
    fireEvent.click(screen.getByRole('tab', { name: '修改密码' }));
    fireEvent.click(await screen.findByTestId('info-password-submit'));
    expect(await screen.findByText('请输入原密码')).toBeTruthy();
    expect(screen.getByText('请输入新密码')).toBeTruthy();
    expect(screen.getByText('请确认新密码')).toBeTruthy();

    type('info-old-password', 'Demo@2026');
    type('info-new-password', 'abcdefgh');
    type('info-new-password1', 'abcdefgx');
    fireEvent.click(screen.getByTestId('info-password-submit'));
    expect(await screen.findByText('新密码至少8位且包含字母和数字')).toBeTruthy();
    expect(screen.getByText('两次输入的密码不一致')).toBeTruthy();

    type('info-new-password', 'Demo@2026');
    type('info-new-password1', 'Demo@2026');
    fireEvent.click(screen.getByTestId('info-password-submit'));
    expect(await screen.findByText('新密码不能与原密码相同')).toBeTruthy();
    expect(calls.update).not.toHaveBeenCalled();

    type('info-new-password', 'NewPass2026');
    type('info-new-password1', 'NewPass2026');
    fireEvent.click(screen.getByTestId('info-password-submit'));
    await waitFor(() => expect(calls.update).toHaveBeenCalledWith({ oldPassword: 'Demo@2026', newPassword: 'NewPass2026', newPassword1: 'NewPass2026' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('密码修改成功'));
    await waitFor(() => expect((screen.getByTestId('info-old-password') as HTMLInputElement).value).toBe(''));
  });

  it('opens on 修改密码 and says why after an administrator reset the password', async () => {
    calls.info.mockResolvedValue({ ...ME, passwordResetRequired: 1 });
    renderPage();
    expect((await screen.findByTestId('info-must-change')).textContent).toContain('您的密码已由管理员重置');
    expect(screen.getByTestId('info-password-form')).toBeTruthy();
  });
});
