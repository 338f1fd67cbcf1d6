import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useQuery } from '@tanstack/react-query';
import type { PageResult, UserView } from '@gsl/contract';
import { renderScreen } from '../../../../test/screens';
import { treeNode as node } from '../../../../test/fixtures';

vi.mock('../../../api/feedback', () => ({ toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() }, setMessageInstance: vi.fn() }));

const user = (id: string, account: string, extra: Partial<UserView> = {}): UserView => ({
  id,
  tenantId: '000001',
  account,
  name: null,
  realName: `用户${id}`,
  avatar: null,
  email: null,
  phone: '139****0000',
  birthday: null,
  sex: null,
  sexName: null,
  code: null,
  deptId: '2',
  deptName: '南京市工商联',
  postId: null,
  profileTag: 'aoc',
  roleIds: '3',
  roleNames: '工商联工作人员',
  seq: 0,
  isAddressBook: 0,
  status: 1,
  statusName: '启用',
  locked: false,
  lockedUntil: null,
  passwordResetRequired: 0,
  version: 1,
  createTime: null,
  updateTime: null,
  ...extra,
});

const api = vi.hoisted(() => ({
  list: vi.fn(),
  disable: vi.fn(async () => '账号禁用成功'),
  enable: vi.fn(async () => '账号启用成功'),
  unlock: vi.fn(async () => '账号解封成功'),
  grant: vi.fn(async () => '角色配置成功,重新登录后生效'),
  reset: vi.fn(async () => ({
    msg: '密码已重置,新密码仅显示这一次,请妥善转交',
    passwords: [{ id: '1', account: 'a1', realName: '用户1', password: 'Xy12345678ab' }],
  })),
  exportUsers: vi.fn(async () => ({ blob: new Blob(['x']), name: '用户数据.xlsx' })),
  saveBlob: vi.fn(),
  changeAccount: vi.fn(async () => '更新成功'),
  setPassword: vi.fn(async () => '密码设置成功'),
}));

const DEPTS = [node('1', '江苏省工商联', [node('2', '南京市工商联')])];
const ROLES = [node('3', '工商联工作人员'), node('4', '商会工作人员')];

vi.mock('../../../api/files', async (importOriginal) => ({ ...(await importOriginal<object>()), saveBlob: api.saveBlob }));
vi.mock('../../../api/system/user', () => ({
  userKeys: { all: ['user'] },
  userApi: { queryKey: ['user'], list: api.list, submit: vi.fn(), remove: vi.fn() },
  disableUsers: api.disable,
  enableUsers: api.enable,
  unlockUsers: api.unlock,
  grantRoles: api.grant,
  resetPasswords: api.reset,
  exportUsers: api.exportUsers,
  changeAccount: api.changeAccount,
  setUserPassword: api.setPassword,
  downloadImportTemplate: vi.fn(),
  importUsers: vi.fn(),
  useDeptTree: () => useQuery({ queryKey: ['t', 'dept'], queryFn: async () => DEPTS }),
  useRoleTree: () => useQuery({ queryKey: ['t', 'role'], queryFn: async () => ROLES }),
  usePostOptions: () => useQuery({ queryKey: ['t', 'post'], queryFn: async () => [] }),
}));

const { toast } = await import('../../../api/feedback');
const { default: UserPage } = await import('./index');

const ROWS = [user('1', 'a1'), user('2', 'a2', { status: 0, statusName: '禁用', locked: true, lockedUntil: '2026-01-01 10:00:00' })];
const ALL_BUTTONS = [
  'user',
  'user_add',
  'user_edit',
  'user_delete',
  'user_view',
  'user_role',
  'user_reset',
  'user_unlock',
  'user_enable',
  'user_disable',
  'user_import',
  'user_export',
];

function renderPage(codes: string[] = ALL_BUTTONS) {
  renderScreen(<UserPage />, codes);
}

const rowOf = (id: string) => screen.getByTestId('user-table').querySelector(`tbody tr[data-row-key="${id}"]`) as HTMLElement;

beforeEach(() => {
  vi.clearAllMocks();
  api.list.mockImplementation(async (query: Record<string, unknown>): Promise<PageResult<UserView>> => ({
    records: ROWS,
    total: ROWS.length,
    size: Number(query.size),
    current: 1,
    pages: 1,
  }));
});

describe('用户管理', { timeout: 20_000 }, () => {
  it('shows status, lockout and every account button the user holds', async () => {
    renderPage();
    await screen.findByText('a2');
    expect(within(rowOf('1')).getByTestId('user-status').textContent).toBe('启用');
    expect(within(rowOf('2')).getByTestId('user-status').textContent).toBe('禁用');
    expect(within(rowOf('2')).getByTestId('user-locked').textContent).toBe('已锁定');
    for (const id of ['user-add', 'user-bulk-delete', 'user-grant', 'user-reset', 'user-unlock', 'user-enable', 'user-disable', 'user-import', 'user-export'])
      expect(screen.getByTestId(id)).toBeTruthy();
  });

  it('hides the buttons whose permission code the user lacks', async () => {
    renderPage(['user', 'user_enable']);
    await screen.findByText('a2');
    expect(screen.getByTestId('user-enable')).toBeTruthy();
    for (const id of ['user-add', 'user-bulk-delete', 'user-grant', 'user-reset', 'user-unlock', 'user-disable', 'user-import', 'user-export'])
      expect(screen.queryByTestId(id)).toBeNull();
  });

  it('asks for a selection, then confirms 账号禁用 and tells the server’s answer', async () => {
    renderPage();
    await screen.findByText('a2');
    fireEvent.click(screen.getByTestId('user-disable'));
    expect(toast.warning).toHaveBeenCalledWith('请选择至少一条数据');
    expect(api.disable).not.toHaveBeenCalled();

    fireEvent.click(within(rowOf('1')).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('user-disable'));
    await screen.findByText('确定将选择账号禁用?');
    fireEvent.click(screen.getByTestId('user-confirm-ok'));
    await waitFor(() => expect(api.disable).toHaveBeenCalledWith(['1']));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('账号禁用成功'));
  });

  it('修改账号 sends the new account with the row’s id and version; 设置密码 checks strength and the repeat first', async () => {
    renderPage();
    await screen.findByText('a2');
    fireEvent.click(within(rowOf('1')).getByTestId('user-row-account'));
    const accountForm = await screen.findByTestId('user-account-form');
    const box = within(accountForm).getByPlaceholderText('请输入新账号');
    fireEvent.change(box, { target: { value: 'bad account' } });
    fireEvent.click(screen.getByTestId('user-account-submit'));
    await within(accountForm).findByText('账号只能包含字母、数字和 _ . @ -');
    fireEvent.change(box, { target: { value: 'nj_new' } });
    fireEvent.click(screen.getByTestId('user-account-submit'));
    await waitFor(() => expect(api.changeAccount).toHaveBeenCalledWith({ id: '1', version: 1, account: 'nj_new' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('更新成功'));

    fireEvent.click(within(rowOf('2')).getByTestId('user-row-password'));
    const pwForm = await screen.findByTestId('user-password-form');
    const [pw, pw2] = within(pwForm).getAllByPlaceholderText(/新密码|至少8位/);
    fireEvent.change(pw, { target: { value: 'short1' } });
    fireEvent.change(pw2, { target: { value: 'other123' } });
    fireEvent.click(screen.getByTestId('user-password-submit'));
    await within(pwForm).findByText('新密码至少8位且包含字母和数字');
    await within(pwForm).findByText('两次输入的密码不一致');
    expect(api.setPassword).not.toHaveBeenCalled();
    fireEvent.change(pw, { target: { value: 'Nj2026pass' } });
    fireEvent.change(pw2, { target: { value: 'Nj2026pass' } });
    fireEvent.click(screen.getByTestId('user-password-submit'));
    await waitFor(() => expect(api.setPassword).toHaveBeenCalledWith({ userId: '2', password: 'Nj2026pass', password2: 'Nj2026pass' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('密码设置成功'));
  });

  it('shows the new passwords of 密码重置 once', async () => {
    renderPage();
    await screen.findByText('a2');
    fireEvent.click(within(rowOf('1')).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('user-reset'));
    await screen.findByText('确定将选择账号密码重置?');
    fireEvent.click(screen.getByTestId('user-confirm-ok'));
    const result = await screen.findByTestId('user-reset-result');
    expect(within(result).getByText('Xy12345678ab')).toBeTruthy();
    expect(api.reset).toHaveBeenCalledWith(['1']);
  });

  it('grants the ticked roles to the selected users, starting from a single user’s roles', async () => {
    renderPage();
    await screen.findByText('a2');
    fireEvent.click(within(rowOf('1')).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('user-grant'));
    const dialog = await screen.findByTestId('user-grant-dialog');
    await within(dialog).findByText('商会工作人员');
    fireEvent.click(within(dialog).getByText('商会工作人员'));
    fireEvent.click(screen.getByTestId('user-grant-submit'));
    await waitFor(() => expect(api.grant).toHaveBeenCalledWith(['1'], ['3', '4']));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('角色配置成功,重新登录后生效'));
  });

  it('narrows the list to the org picked in the tree and exports under the same filters', async () => {
    renderPage();
    await screen.findByText('a2');
    fireEvent.click(await within(screen.getByTestId('user-dept-tree')).findByText('南京市工商联'));
    await waitFor(() => expect(api.list).toHaveBeenLastCalledWith(expect.objectContaining({ deptId: '2', current: 1 }), expect.anything()));
    fireEvent.change(screen.getByTestId('user-search-account'), { target: { value: ' a1 ' } });
    fireEvent.click(screen.getByTestId('user-search-submit'));
    await waitFor(() => expect(api.list).toHaveBeenLastCalledWith(expect.objectContaining({ deptId: '2', account: 'a1' }), expect.anything()));
    fireEvent.click(screen.getByTestId('user-export'));
    await waitFor(() => expect(api.exportUsers).toHaveBeenCalledWith({ account: 'a1', deptId: '2' }, expect.any(Function)));
    await waitFor(() => expect(api.saveBlob).toHaveBeenCalledWith(expect.any(Blob), '用户数据.xlsx'));
  });
});
