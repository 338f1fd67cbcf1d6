import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { LoginLogView, PageResult } from '@gsl/contract';
import { renderScreen } from '../../../../test/screens';

vi.mock('../../../api/feedback', () => ({ toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() }, setMessageInstance: vi.fn() }));

const list = vi.hoisted(() => vi.fn());
vi.mock('../../../api/system/userLogin', () => ({ loginLogApi: { queryKey: ['log', 'login'], list, submit: vi.fn(), remove: vi.fn() } }));
const { default: LoginLogPage } = await import('./login');

const entry = (id: string, success: number, message: string | null): LoginLogView => ({
  id,
  userId: '5',
  account: `acc${id}`,
  realName: '方海涛',
  deptId: '7',
  deptName: '南京市浙江商会',
  loginType: 'sso',
  loginTypeName: '统一身份认证',
  success,
  message,
  remoteIp: '10.0.0.1',
  userAgent: 'Chrome',
  createTime: '2026-03-01 09:00:00',
});

function renderPage(rows: LoginLogView[]) {
  list.mockImplementation(async (query: Record<string, unknown>): Promise<PageResult<LoginLogView>> => ({
    records: rows,
    total: rows.length,
    size: Number(query.size),
    current: 1,
    pages: 1,
  }));
  renderScreen(<LoginLogPage />);
}

const rowOf = (id: string) => screen.getByTestId('log-login-table').querySelector(`tbody tr[data-row-key="${id}"]`) as HTMLElement;

describe('登录日志', { timeout: 20_000 }, () => {
  it('lists each sign-on with how it went and why a refused one was refused; nothing to add or delete', async () => {
    renderPage([entry('1', 1, null), entry('2', 0, '该账号已被禁用,请联系管理员')]);
    await screen.findByText('acc2');
    expect(within(rowOf('1')).getByTestId('log-login-result').textContent).toBe('成功');
    expect(within(rowOf('2')).getByTestId('log-login-result').textContent).toBe('失败');
    expect(within(rowOf('2')).getByText('该账号已被禁用,请联系管理员')).toBeTruthy();
    expect(within(rowOf('1')).getByText('统一身份认证')).toBeTruthy();
    expect(screen.queryByTestId('log-login-add')).toBeNull();
    expect(within(rowOf('1')).queryByRole('checkbox')).toBeNull();
  });

  it('shows 暂无数据 when there is nothing', async () => {
    renderPage([]);
    expect(await screen.findByTestId('log-login-empty')).toBeTruthy();
  });

  it('searches by account (blank fields dropped) from page 1', async () => {
    renderPage([entry('1', 1, null)]);
    await screen.findByText('acc1');
    fireEvent.change(screen.getByTestId('log-login-search-account'), { target: { value: ' nj_coc ' } });
    fireEvent.change(screen.getByTestId('log-login-search-realName'), { target: { value: '  ' } });
    fireEvent.click(screen.getByTestId('log-login-search-submit'));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ account: 'nj_coc', current: 1, size: 10 }, expect.anything()));
  });
});
