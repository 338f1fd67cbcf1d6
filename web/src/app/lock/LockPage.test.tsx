import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../api/http';
import { getStore } from '../../utils/storage';
import { tokenAnswer } from '../../../test/fixtures';
import { AntdProviders } from '../AntdProviders';
import { LockGate } from '../guards';
import { Providers } from '../providers';
import { saveTokenAnswer } from '../session/sessionStore';
import LockPage from './LockPage';
import { isLocked, lockScreen } from './lockState';

vi.mock('../../api/auth', () => ({ loginByPassword: vi.fn(), logout: vi.fn() }));
vi.mock('../../api/feedback', () => ({ toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() }, setMessageInstance: vi.fn() }));

const { loginByPassword } = await import('../../api/auth');

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
    saveTokenAnswer(tokenAnswer(1));
    lockScreen('/portal/myOrg');
  });

  it('sends every route to /lock while locked and shows the user', async () => {
    renderAt('/system/user');
    expect(await screen.findByTestId('lock-screen')).toBeTruthy();
    expect(screen.getByTestId('lock-user').textContent).toBe('张三');
    expect(screen.queryByText('OTHER')).toBeNull();
  });

  it('unlocks only with the right password and stores the fresh tokens', async () => {
    vi.mocked(loginByPassword).mockResolvedValue(tokenAnswer(2));
    renderAt('/lock');
    fireEvent.change(await screen.findByTestId('unlock-password'), { target: { value: 'secret-1' } });
    fireEvent.click(screen.getByTestId('unlock-submit'));
    await screen.findByText('MY ORG');
    expect(loginByPassword).toHaveBeenCalledWith('zhangsan', 'secret-1', '000001');
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

  it('an empty password is refused without calling the server', async () => {
    renderAt('/lock');
    fireEvent.click(await screen.findByTestId('unlock-submit'));
    expect(await screen.findByText('请输入密码')).toBeTruthy();
    await waitFor(() => expect(loginByPassword).not.toHaveBeenCalled());
  });
});
