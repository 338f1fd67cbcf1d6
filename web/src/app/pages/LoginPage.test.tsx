import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getStore, setStore } from '../../utils/storage';
import { tokenAnswer } from '../../../test/fixtures';

vi.mock('../../api/auth', () => ({ loginByCode: vi.fn() }));
vi.mock('../../api/feedback', () => ({ toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() } }));
vi.mock('../../utils/browser', () => ({ browser: { assign: vi.fn(), replace: vi.fn(), open: vi.fn() } }));
// The script of antd's layout route (every page after the login needs it).
vi.mock('../routeChunks', () => ({ loadAntdLayout: vi.fn(() => Promise.resolve({ default: () => null })) }));

// Fresh modules per test: leaving for sign-on is once per page, as in a browser.
let loginByCode: typeof import('../../api/auth').loginByCode;
let browser: typeof import('../../utils/browser').browser;
let HttpError: typeof import('../../api/http').HttpError;
let session: typeof import('../../utils/sessionStore');
let LoginPage: typeof import('./LoginPage').default;

function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/welcome" element={<div>WELCOME</div>} />
        <Route path="/" element={<div>HOME</div>} />
        <Route path="/system/param" element={<div>PARAM</div>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('/login (specification §4)', () => {
  beforeEach(async () => {
    vi.resetModules();
    ({ loginByCode } = await import('../../api/auth'));
    ({ browser } = await import('../../utils/browser'));
    ({ HttpError } = await import('../../api/http'));
    session = await import('../../utils/sessionStore');
    LoginPage = (await import('./LoginPage')).default;
    vi.mocked(loginByCode).mockReset();
    vi.mocked(browser.assign).mockClear();
  });

  it('exchanges ?code= for tokens and lands on /welcome the first time', async () => {
    vi.mocked(loginByCode).mockResolvedValue(tokenAnswer(1));
    renderAt('/login?code=one-time-1');
    await screen.findByText('WELCOME');
    expect(loginByCode).toHaveBeenCalledWith('one-time-1');
    expect(getStore('token')).toBe('access-1');
    expect(getStore('refreshToken')).toBe('refresh-1');
    expect(getStore<{ real_name: string }>('userInfo')?.real_name).toBe('张三');
  });

  it('loads the next page’s antd layout while the code is still being exchanged', async () => {
    let answer: (v: ReturnType<typeof tokenAnswer>) => void = () => undefined;
    vi.mocked(loginByCode).mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const { loadAntdLayout } = await import('../routeChunks');
    vi.mocked(loadAntdLayout).mockClear();
    renderAt('/login?code=one-time-3');
    await waitFor(() => expect(loadAntdLayout).toHaveBeenCalledTimes(1));
    expect(screen.queryByText('WELCOME')).toBeNull();
    answer(tokenAnswer(1));
    await screen.findByText('WELCOME');
  });

  it('lands on / when this tab was already welcomed', async () => {
    setStore('welcome', true, 'session');
    vi.mocked(loginByCode).mockResolvedValue(tokenAnswer(1));
    renderAt('/login?code=one-time-2');
    await screen.findByText('HOME');
  });

  it('a login error with code 400 returns to sign-on', async () => {
    vi.mocked(loginByCode).mockRejectedValue(new HttpError('授权码无效或已过期', 400, undefined, true));
    renderAt('/login?code=spent');
    await waitFor(() => expect(browser.assign).toHaveBeenCalledTimes(1));
    expect(vi.mocked(browser.assign).mock.calls[0][0]).toContain('/sso/login?appId=saber');
    expect(getStore('token')).toBeUndefined();
  });

  it('another login error shows its message with a way to sign on again', async () => {
    vi.mocked(loginByCode).mockRejectedValue(new HttpError('系统错误', 0, undefined, true));
    renderAt('/login?code=c3');
    expect(await screen.findByText('登录失败')).toBeTruthy();
    expect(screen.getByText('系统错误')).toBeTruthy();
    expect(browser.assign).not.toHaveBeenCalled();
  });

  it('with a token and no code goes to /', async () => {
    session.saveTokenAnswer(tokenAnswer(1));
    renderAt('/login');
    await screen.findByText('HOME');
    expect(browser.assign).not.toHaveBeenCalled();
  });

  it('with neither token nor code goes to sign-on', async () => {
    renderAt('/login');
    await waitFor(() => expect(browser.assign).toHaveBeenCalledTimes(1));
  });

  it('lands on the page asked for before signing on, with its query (README deviation 32)', async () => {
    setStore('signOnReturn', '/system/param?paramKey=x', 'session');
    vi.mocked(loginByCode).mockResolvedValue(tokenAnswer(1));
    renderAt('/login?code=one-time-3');
    await screen.findByText('PARAM');
    expect(getStore('signOnReturn')).toBeUndefined();
  });
});
