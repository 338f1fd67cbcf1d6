import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../api/http';
import { getStore } from '../../utils/storage';
import { tokenAnswer } from '../../../test/fixtures';
import { AntdProviders } from '../AntdProviders';
import { LockGate } from '../guards';
import { Providers } from '../providers';
import { saveTokenAnswer } from '../../utils/sessionStore';
import LockPage from './LockPage';
import { isLocked, lockScreen } from './lockState';

vi.mock('../../api/auth', () => ({ loginByPassword: vi.fn(), getCaptcha: vi.fn(), logout: vi.fn() }));
vi.mock('../../api/feedback', () => ({ toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() }, setMessageInstance: vi.fn() }));

const { getCaptcha, loginByPassword } = await import('../../api/auth');

function renderAt(url: string) {
  return render(
    <Providers>
      <AntdProviders>
        <MemoryRouter initialEntries={[url]}>
          <LockGate>
            <Routes>
              <Route path="/lock" element={<LockPage />} />
              <Route path="/portal/myOrg" element={<div>MY ORG</div>} />
              <Route path="*" element={<div>OTHER</div>} />
            </Routes>
          </LockGate>
        </MemoryRouter>
      </AntdProviders>
    </Providers>,
  );
}

describe('lock screen (specification §4)', () => {
  beforeEach(() => {
    vi.mocked(loginByPassword).mockReset();
    vi.mocked(getCaptcha).mockReset();
    let n = 0;
    vi.mocked(getCaptcha).mockImplementation(async () => ({ key: `key-${++n}`, image: `data:image/svg+xml;base64,${n}` }));
    saveTokenAnswer(tokenAnswer(1));
    lockScreen('/portal/myOrg');
  });

  it('sends every route to /lock while locked and shows the user', async () => {
    renderAt('/system/user');
    expect(await screen.findByTestId('lock-screen')).toBeTruthy();
    expect(screen.getByRole('main')).toBe(screen.getByTestId('lock-screen')); // the page's one landmark, outside the shell
    expect(screen.getByTestId('lock-user').textContent).toBe('张三');
    expect(screen.queryByText('OTHER')).toBeNull();
  });

  it('unlocks only with the right password and stores the fresh tokens', async () => {
    vi.mocked(loginByPassword).mockResolvedValue(tokenAnswer(2));
    renderAt('/lock');
    fireEvent.change(await screen.findByTestId('unlock-password'), { target: { value: 'secret-1' } });
    fireEvent.click(screen.getByTestId('unlock-submit'));
    await screen.findByText('MY ORG');
    expect(loginByPassword).toHaveBeenCalledWith('zhangsan', 'secret-1', '000001', undefined);
    expect(isLocked()).toBe(false);
    expect(getStore('token')).toBe('access-2');
  });

  it('stays locked on a wrong password and says why', async () => {
    vi.mocked(loginByPassword).mockRejectedValue(new HttpError('用户名或密码不正确', 400, undefined, true));
    renderAt('/lock');
    fireEvent.change(await screen.findByTestId('unlock-password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByTestId('unlock-submit'));
    expect(await screen.findByText('用户名或密码不正确')).toBeTruthy();
    expect(isLocked()).toBe(true);
    expect(getStore('token')).toBe('access-1');
  });

  it('after a wrong password shows a labelled captcha, sends it with the next try and renews it on click', async () => {
    vi.mocked(loginByPassword)
      .mockRejectedValueOnce(new HttpError('用户名或密码不正确', 400, undefined, true))
      .mockResolvedValueOnce(tokenAnswer(2));
    renderAt('/lock');
    expect(screen.queryByRole('img', { name: '验证码图片' })).toBeNull();
    fireEvent.change(await screen.findByLabelText('登录密码'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByTestId('unlock-submit'));

    const image = await screen.findByRole('img', { name: '验证码图片' });
    expect(image.getAttribute('src')).toBe('data:image/svg+xml;base64,1');
    const refresh = screen.getByRole('button', { name: '看不清？点击换一张验证码' });
    fireEvent.click(refresh);
    await waitFor(() => expect(screen.getByRole('img', { name: '验证码图片' }).getAttribute('src')).toBe('data:image/svg+xml;base64,2'));

    // both fields are required now
    fireEvent.change(screen.getByLabelText('登录密码'), { target: { value: 'secret-1' } });
    fireEvent.click(screen.getByTestId('unlock-submit'));
    expect(await screen.findByText('请输入验证码')).toBeTruthy();
    expect(loginByPassword).toHaveBeenCalledTimes(1);

    fireEvent.change(screen.getByLabelText('验证码'), { target: { value: ' ab12 ' } });
    fireEvent.click(screen.getByTestId('unlock-submit'));
    await screen.findByText('MY ORG');
    expect(loginByPassword).toHaveBeenLastCalledWith('zhangsan', 'secret-1', '000001', { key: 'key-2', code: 'ab12' });
    expect(isLocked()).toBe(false);
  });

  it('when the server asks for a captcha (请输入验证码) it appears with the message, the password kept', async () => {
    vi.mocked(loginByPassword).mockRejectedValueOnce(new HttpError('请输入验证码', 400, undefined, true));
    renderAt('/lock');
    fireEvent.change(await screen.findByLabelText('登录密码'), { target: { value: 'secret-1' } });
    fireEvent.click(screen.getByTestId('unlock-submit'));
    expect(await screen.findByRole('img', { name: '验证码图片' })).toBeTruthy();
    expect(await screen.findByText('请输入验证码')).toBeTruthy();
    expect((screen.getByLabelText('登录密码') as HTMLInputElement).value).toBe('secret-1');
    expect(screen.queryByText('用户名或密码不正确')).toBeNull();

    // a wrong answer: 验证码不正确 and a fresh image (each captcha works once)
    vi.mocked(loginByPassword).mockRejectedValueOnce(new HttpError('验证码不正确', 400, undefined, true));
    fireEvent.change(screen.getByLabelText('验证码'), { target: { value: 'zzzz' } });
    fireEvent.click(screen.getByTestId('unlock-submit'));
    expect(await screen.findByText('验证码不正确')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('img', { name: '验证码图片' }).getAttribute('src')).toBe('data:image/svg+xml;base64,2'));
    expect((screen.getByLabelText('验证码') as HTMLInputElement).value).toBe('');
    expect(isLocked()).toBe(true);
  });

  it('an empty password is refused without calling the server', async () => {
    renderAt('/lock');
    fireEvent.click(await screen.findByTestId('unlock-submit'));
    expect(await screen.findByText('请输入密码')).toBeTruthy();
    await waitFor(() => expect(loginByPassword).not.toHaveBeenCalled());
  });
});
