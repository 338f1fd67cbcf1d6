import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoginLogView, MyProfileView } from '@gsl/contract';
import { AntdProviders } from '../../../app/AntdProviders';
import { createQueryClient, Providers } from '../../../app/providers';
import { PORTAL_PAGES, DEFAULT_PAGE } from '../../../app/routes/portalPages';

vi.mock('../../../api/feedback', () => ({ toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() }, setMessageInstance: vi.fn() }));

const api = vi.hoisted(() => ({
  profile: vi.fn(),
  update: vi.fn(),
  upload: vi.fn(),
  sendCodeTo: vi.fn(),
  sendCodeToCurrent: vi.fn(),
  verifyCurrent: vi.fn(),
  bind: vi.fn(),
  logins: vi.fn(),
  password: vi.fn(),
}));
vi.mock('../../../api/mycenter/profile', () => ({
  myCenterKeys: { all: ['mycenter'], profile: ['mycenter', 'profile'], logins: (q: unknown) => ['mycenter', 'logins', q] },
  useMyProfile: () => useQuery({ queryKey: ['mycenter', 'profile'], queryFn: api.profile, retry: false }),
  updateMyProfile: api.update,
  uploadAvatar: api.upload,
  sendCodeTo: api.sendCodeTo,
  sendCodeToCurrent: api.sendCodeToCurrent,
  verifyCurrentMobile: api.verifyCurrent,
  bindMobile: api.bind,
  myLoginLog: api.logins,
}));
vi.mock('../../../api/system/user', async (original) => ({ ...(await original<object>()), updateOwnPassword: api.password }));
vi.mock('../../../api/resource/attach', () => ({ attachDownloadLink: vi.fn(async () => 'blob:avatar') }));

const { toast } = await import('../../../api/feedback');
const { default: BasicInformationPage } = await import('./basicInformation');
const { default: ChangePasswordPage } = await import('./changepwd');
const { default: LoginInfoPage } = await import('./loginInfo');
const { default: BoundPhonePage } = await import('./boundPhone');
const { default: ChangingPhonePage } = await import('./changingPhone');

const ME: MyProfileView = {
  id: '9',
  account: 'nj_coc',
  realName: '方海涛',
  name: '海涛',
  sex: 1,
  sexName: '男',
  phone: '137****3148',
  phoneBound: true,
  email: 'nj_coc@example.com',
  avatar: null,
  deptId: '3',
  deptName: '南京市浙江商会',
  postNames: ['秘书长'],
  roleNames: '商会工作人员',
  version: 4,
  updateTime: '2026-01-02 08:00:00',
};
const UNBOUND: MyProfileView = { ...ME, phone: null, phoneBound: false };

function renderAt(path: string, element: React.ReactNode) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Providers queryClient={createQueryClient()}>
        <AntdProviders>
          <Routes>
            <Route path={path} element={element} />
            <Route path="*" element={<p>其他页面</p>} />
          </Routes>
        </AntdProviders>
      </Providers>
    </MemoryRouter>,
  );
}

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const blur = (testId: string) => fireEvent.blur(screen.getByTestId(testId));

beforeEach(() => {
  vi.clearAllMocks();
  api.profile.mockResolvedValue(ME);
});

describe('个人中心 routes', () => {
  it('give every screen but 绑定微信 its page', () => {
    const center = PORTAL_PAGES.find((p) => p.path === 'myCenter')!;
    for (const c of center.children!.filter((x) => x.path !== 'boundWeixin')) expect(c.page && c.page !== DEFAULT_PAGE, c.path).toBe(true);
    expect(center.redirect).toBe('basicInformation');
  });
});

describe('基本信息', () => {
  it('shows the own profile with the phone masked, and saves the changes (更新成功)', async () => {
    api.update.mockResolvedValue({ data: { ...ME, realName: '方海', version: 5 }, msg: '更新成功' });
    renderAt('/portal/myCenter/basicInformation', <BasicInformationPage />);
    expect((await screen.findByTestId('my-account')).textContent).toBe('nj_coc');
    expect(screen.getByTestId('my-phone').textContent).toBe('137****3148');
    expect(screen.getByTestId('my-phone-change').textContent).toBe('更换手机号');
    expect(screen.getByTestId('my-dept').textContent).toBe('南京市浙江商会');
    expect(screen.getByTestId('my-posts').textContent).toBe('秘书长');
    expect(screen.getByRole('link', { name: '基本信息' }).getAttribute('aria-current')).toBe('page');

    type('my-email', 'not-an-email');
    blur('my-email');
    expect(await screen.findByText('邮箱格式不正确')).toBeTruthy();
    type('my-email', 'fang@example.cn');
    type('my-realName', '方海');
    fireEvent.click(screen.getByLabelText('女'));
    fireEvent.click(screen.getByTestId('my-profile-save'));
    await waitFor(() => expect(api.update).toHaveBeenCalled());
    expect(api.update).toHaveBeenCalledWith({ version: 4, realName: '方海', name: '海涛', email: 'fang@example.cn', sex: 2 });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('更新成功'));
  });

  it('requires the name', async () => {
    renderAt('/portal/myCenter/basicInformation', <BasicInformationPage />);
    await screen.findByTestId('my-account');
    type('my-realName', ' ');
    fireEvent.click(screen.getByTestId('my-profile-save'));
    expect(await screen.findByText('请输入姓名')).toBeTruthy();
    expect(api.update).not.toHaveBeenCalled();
  });

  it('checks the avatar before uploading it (§5: jpg or png, at most 500 KB)', async () => {
    const link = '/api/blade-resource/attach/download?id=' + 'c'.repeat(32);
    api.upload.mockResolvedValue({ attachId: '1', link, domain: '', name: 'c', originalName: 'me.png', size: 10 });
    api.update.mockResolvedValue({ data: { ...ME, avatar: link }, msg: '更新成功' });
    renderAt('/portal/myCenter/basicInformation', <BasicInformationPage />);
    await screen.findByTestId('my-account');
    const input = () => document.querySelector('input[type=file]') as HTMLInputElement;
    const choose = (file: File) => fireEvent.change(input(), { target: { files: [file] } });

    choose(new File(['GIF89a'], 'me.gif', { type: 'image/gif' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('头像只能是 jpg 或 png 格式'));
    choose(new File([new Uint8Array(500 * 1024 + 1)], 'big.png', { type: 'image/png' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('头像大小不能超过500KB'));
    expect(api.upload).not.toHaveBeenCalled();

    choose(new File([new Uint8Array(100)], 'me.png', { type: 'image/png' }));
    await waitFor(() => expect(api.upload).toHaveBeenCalledTimes(1));
    await screen.findByTestId('my-avatar-remove');
    fireEvent.click(screen.getByTestId('my-profile-save'));
    await waitFor(() => expect(api.update).toHaveBeenCalledWith(expect.objectContaining({ avatar: link })));
  });

  it('says when the profile cannot be read, and offers 重新加载', async () => {
    api.profile.mockRejectedValue(new Error('x'));
    renderAt('/portal/myCenter/basicInformation', <BasicInformationPage />);
    expect(await screen.findByText('个人资料加载失败')).toBeTruthy();
    expect(screen.getByRole('button', { name: /重新加载/ })).toBeTruthy();
  });
});

describe('修改密码', () => {
  it('asks for 原密码, 新密码 and 确认新密码 by the strength rule, then changes it and says the user stays signed on', async () => {
    api.password.mockResolvedValue('密码修改成功');
    renderAt('/portal/myCenter/changepwd', <ChangePasswordPage />);
    expect(screen.getByLabelText('原密码')).toBeTruthy();
    expect(screen.getByLabelText('确认新密码')).toBeTruthy();
    expect(screen.getByText('至少8位，须同时包含字母和数字，且不能与原密码相同')).toBeTruthy();
    fireEvent.click(screen.getByTestId('my-password-submit'));
    expect(await screen.findByText('请输入原密码')).toBeTruthy();
    expect(screen.getByText('请输入新密码')).toBeTruthy();
    expect(screen.getByText('请确认新密码')).toBeTruthy();

    type('my-old-password', 'Demo@2026');
    type('my-new-password', 'abcdefgh');
    type('my-new-password1', 'abcdefgx');
    fireEvent.click(screen.getByTestId('my-password-submit'));
    expect(await screen.findByText('新密码至少8位且包含字母和数字')).toBeTruthy();
    expect(screen.getByText('两次输入的密码不一致')).toBeTruthy();
    expect(api.password).not.toHaveBeenCalled();

    type('my-new-password', 'Newpass2026');
    type('my-new-password1', 'Newpass2026');
    fireEvent.click(screen.getByTestId('my-password-submit'));
    await waitFor(() => expect(api.password).toHaveBeenCalledWith({ oldPassword: 'Demo@2026', newPassword: 'Newpass2026', newPassword1: 'Newpass2026' }));
    expect((await screen.findByTestId('my-password-done')).textContent).toContain('您当前仍保持登录');
    expect((screen.getByTestId('my-old-password') as HTMLInputElement).value).toBe('');
  });
});

describe('登录信息', () => {
  const row = (id: string, extra: Partial<LoginLogView>): LoginLogView => ({
    id,
    userId: '9',
    account: 'nj_coc',
    realName: '方海涛',
    deptId: '3',
    deptName: '南京市浙江商会',
    loginType: 'sso',
    loginTypeName: '统一身份认证',
    success: 1,
    message: null,
    remoteIp: '10.0.0.8',
    userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
    createTime: '2026-01-02 08:00:00',
    ...extra,
  });

  it('lists the own sign-ons with time, address, client and result, and filters by result', async () => {
    api.logins.mockResolvedValue({
      records: [row('2', {}), row('1', { success: 0, message: '用户名或密码不正确', createTime: '2026-01-01 20:00:00' })],
      total: 2,
      size: 10,
      current: 1,
      pages: 1,
    });
    renderAt('/portal/myCenter/loginInfo', <LoginInfoPage />);
    const table = await screen.findByTestId('my-logins');
    await within(table).findByText('2026-01-02 08:00:00');
    expect(within(table).getAllByText('Chrome 120 · Windows')).toHaveLength(2);
    expect(within(table).getAllByText('10.0.0.8')).toHaveLength(2);
    expect(within(table).getByText('失败')).toBeTruthy();
    expect(within(table).getByText('用户名或密码不正确')).toBeTruthy();
    expect(api.logins).toHaveBeenCalledWith({ current: 1, size: 10 }, expect.anything());

    fireEvent.click(screen.getByText('失败', { selector: '.ant-segmented-item-label' }));
    await waitFor(() => expect(api.logins).toHaveBeenCalledWith({ current: 1, size: 10, success: '0' }, expect.anything()));
  });

  it('says when there is nothing yet', async () => {
    api.logins.mockResolvedValue({ records: [], total: 0, size: 10, current: 1, pages: 0 });
    renderAt('/portal/myCenter/loginInfo', <LoginInfoPage />);
    expect(await screen.findByText('暂无登录记录')).toBeTruthy();
  });
});

describe('绑定手机', () => {
  it('shows the bound number masked with 更换手机号', async () => {
    renderAt('/portal/myCenter/boundPhone', <BoundPhonePage />);
    expect((await screen.findByTestId('my-bound-phone')).textContent).toBe('137****3148');
    fireEvent.click(screen.getByTestId('my-go-change'));
    expect(await screen.findByText('其他页面')).toBeTruthy();
  });

  it('binds a number: the §5 messages, 获取验证码 with its countdown, then 绑定', async () => {
    api.profile.mockResolvedValue(UNBOUND);
    api.sendCodeTo.mockResolvedValue({ data: { expiresIn: 300, resendIn: 60 }, msg: '验证码已发送' });
    api.bind.mockResolvedValue({ data: { ...ME, phone: '139****2222' }, msg: '手机号码绑定成功' });
    renderAt('/portal/myCenter/boundPhone', <BoundPhonePage />);
    await screen.findByTestId('my-no-phone');

    fireEvent.click(screen.getByTestId('my-bind-code-send'));
    expect(await screen.findByText('手机号码不能为空')).toBeTruthy();
    type('my-bind-mobile', '1391234567');
    blur('my-bind-mobile');
    expect(await screen.findByText('手机号码长度不为11位')).toBeTruthy();
    type('my-bind-mobile', '02512345678');
    blur('my-bind-mobile');
    expect(await screen.findByText('手机号码格式不正确')).toBeTruthy();
    expect(api.sendCodeTo).not.toHaveBeenCalled();

    type('my-bind-mobile', '13911112222');
    fireEvent.click(screen.getByTestId('my-bind-code-send'));
    await waitFor(() => expect(api.sendCodeTo).toHaveBeenCalledWith('13911112222'));
    await waitFor(() => expect(screen.getByTestId('my-bind-code-send').textContent).toBe('60秒后重新获取'));
    expect((screen.getByTestId('my-bind-code-send') as HTMLButtonElement).disabled).toBe(true);

    type('my-bind-code-input', '123456');
    fireEvent.click(screen.getByTestId('my-bind-submit'));
    await waitFor(() => expect(api.bind).toHaveBeenCalledWith({ mobile: '13911112222', code: '123456' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('手机号码绑定成功'));
    expect((await screen.findByTestId('my-bound-phone')).textContent).toBe('139****2222');
  });
});

describe('更换手机号', () => {
  it('verifies the number bound now, then binds the new one, in steps', async () => {
    api.sendCodeToCurrent.mockResolvedValue({ data: { phone: '137****3148', expiresIn: 300, resendIn: 60 }, msg: '验证码已发送' });
    api.verifyCurrent.mockResolvedValue({ data: { expiresIn: 600 }, msg: '验证成功,请绑定新手机号码' });
    api.sendCodeTo.mockResolvedValue({ data: { expiresIn: 300, resendIn: 60 }, msg: '验证码已发送' });
    api.bind.mockResolvedValue({ data: { ...ME, phone: '139****4444' }, msg: '手机号码更换成功' });
    renderAt('/portal/myCenter/changingPhone', <ChangingPhonePage />);
    expect((await screen.findByTestId('my-current-phone')).textContent).toBe('137****3148');
    expect(screen.getByRole('link', { name: '绑定手机' }).getAttribute('aria-current')).toBe('page');
    const steps = screen.getByTestId('my-change-steps');
    expect(steps.querySelector('.ant-steps-item-active')?.textContent).toContain('验证当前手机号');

    fireEvent.click(screen.getByTestId('my-current-code-send'));
    await waitFor(() => expect(api.sendCodeToCurrent).toHaveBeenCalled());
    type('my-current-code-input', '654321');
    fireEvent.click(screen.getByTestId('my-verify-current-submit'));
    await waitFor(() => expect(api.verifyCurrent).toHaveBeenCalledWith('654321'));

    await screen.findByTestId('my-new-phone');
    expect(steps.querySelector('.ant-steps-item-active')?.textContent).toContain('绑定新手机号');
    type('my-new-phone-mobile', '13922224444');
    fireEvent.click(screen.getByTestId('my-new-phone-code-send'));
    await waitFor(() => expect(api.sendCodeTo).toHaveBeenCalledWith('13922224444'));
    type('my-new-phone-code-input', '111222');
    fireEvent.click(screen.getByTestId('my-new-phone-submit'));
    await waitFor(() => expect(api.bind).toHaveBeenCalledWith({ mobile: '13922224444', code: '111222' }));
    expect((await screen.findByTestId('my-change-result')).textContent).toContain('139****4444');
  });

  it('sends a user without a phone to 绑定手机', async () => {
    api.profile.mockResolvedValue(UNBOUND);
    renderAt('/portal/myCenter/changingPhone', <ChangingPhonePage />);
    expect((await screen.findByTestId('my-no-phone')).textContent).toContain('您尚未绑定手机号码');
  });
});
