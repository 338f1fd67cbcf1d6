import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../../../test/fakeServer';
import { mockedApi, renderScreen } from '../../../../test/screens';
import RolePage from './index';
import { treeNode as node } from '../../../../test/fixtures';

vi.mock('../../../api/feedback', () => ({ toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() }, setMessageInstance: vi.fn() }));
vi.mock('../../../api/http', async (original) => ({ ...(await original<object>()), get: vi.fn(), request: vi.fn() }));
const { toast } = await mockedApi();

const role = (id: string, roleName: string, roleAlias: string, extra: Record<string, unknown> = {}) => ({
  id,
  parentId: '0',
  parentName: null,
  roleName,
  roleAlias,
  systemType: 'aoc',
  deptId: null,
  deptName: null,
  sort: Number(id),
  status: 1,
  version: 2,
  createTime: null,
  updateTime: null,
  title: roleName,
  key: id,
  value: id,
  hasChildren: false,
  children: [],
  ...extra,
});

const GRANT_TREE = {
  menu: [node('100', '系统管理', [node('101', '参数管理', [node('102', '新增'), node('103', '删除')]), node('104', '用户管理')])],
  dataScope: [node('menu_101', '参数管理', [node('501', '本部门可见')], { kind: 'menu' })],
  apiScope: [node('menu_101', '参数管理', [node('601', '参数接口')], { kind: 'menu' })],
};

function setup(
  granted = ['role_add', 'role_edit', 'role_delete', 'role_view', 'role_menu', 'role_enable', 'role_disable'],
  held = { menu: ['104'], dataScope: [], apiScope: ['601'] },
) {
  const server = fakeServer({
    'GET /api/blade-system/role/tree': () => [
      role('1', '管理员', 'admin', { children: [role('3', '南京管理员', 'nj_admin', { parentId: '1' })], hasChildren: true }),
      role('2', '商会工作人员', 'coc', { status: 0 }),
    ],
    'GET /api/blade-system/menu/grant-tree': () => GRANT_TREE,
    'GET /api/blade-system/menu/role-tree-keys': () => held,
    'POST /api/blade-system/role/grant': () => ({ msg: '授权成功' }),
    'POST /api/blade-system/role/disable': () => ({ msg: '禁用成功' }),
    'POST /api/blade-system/role/enable': () => ({ msg: '启用成功' }),
  });
  renderScreen(<RolePage />, granted);
  return server;
}

const rowOf = (id: string) => screen.getByTestId('role-table').querySelector(`tbody tr[data-row-key="${id}"]`) as HTMLElement;
const treeNode = (tree: HTMLElement, title: string) => within(tree).getByText(title, { exact: true }).closest('.ant-tree-treenode') as HTMLElement;
const isChecked = (tree: HTMLElement, title: string) => Boolean(treeNode(tree, title).querySelector('.ant-tree-checkbox-checked'));

describe('角色管理', { timeout: 30_000 }, () => {
  it('shows the role tree with status, and searches by name keeping matches as a tree', async () => {
    setup();
    await screen.findByText('管理员');
    expect(within(rowOf('1')).getByText('admin')).toBeTruthy();
    expect(within(rowOf('2')).getByTestId('role-status').textContent).toBe('禁用');
    expect(within(rowOf('1')).getByTestId('role-row-disable')).toBeTruthy();
    expect(within(rowOf('2')).getByTestId('role-row-enable')).toBeTruthy();

    fireEvent.change(screen.getByTestId('role-search-roleName'), { target: { value: '南京' } });
    fireEvent.click(screen.getByTestId('role-search-submit'));
    await waitFor(() => expect(screen.queryByText('商会工作人员')).toBeNull());
    expect(rowOf('3')).toBeTruthy(); // the child found becomes a row of its own
    expect(screen.getByText('共 1 条')).toBeTruthy();
  });

  it('权限设置: loads what the user may grant, checks what the role holds, and saves menus (with their parents) and scope rules', async () => {
    const server = setup();
    await screen.findByText('管理员');
    fireEvent.click(within(rowOf('2')).getByTestId('role-row-grant'));
    const menuTree = await screen.findByTestId('role-grant-menu');
    expect(server.last('GET', '/api/blade-system/menu/grant-tree')?.params).toMatchObject({ systemType: 'aoc', roleId: '2' });
    expect(server.last('GET', '/api/blade-system/menu/role-tree-keys')?.params).toEqual({ roleIds: '2' });
    expect(isChecked(menuTree, '用户管理')).toBe(true);
    expect(isChecked(menuTree, '系统管理')).toBe(false); // held keys as they are

    // 参数管理 brings its buttons and 系统管理 along.
    fireEvent.click(treeNode(menuTree, '参数管理').querySelector('.ant-tree-checkbox')!);
    await waitFor(() => expect(isChecked(menuTree, '参数管理')).toBe(true));
    expect(isChecked(menuTree, '新增')).toBe(true);
    expect(isChecked(menuTree, '系统管理')).toBe(true);

    // 数据权限: tick the rule under its menu heading.
    fireEvent.click(screen.getByRole('tab', { name: '数据权限' }));
    const dataTree = await screen.findByTestId('role-grant-data');
    fireEvent.click(treeNode(dataTree, '本部门可见').querySelector('.ant-tree-checkbox')!);

    fireEvent.click(screen.getByTestId('role-grant-submit'));
    await waitFor(() => expect(server.last('POST', '/api/blade-system/role/grant')).toBeTruthy());
    const body = server.last('POST', '/api/blade-system/role/grant')!.body as Record<string, string[]>;
    expect(body.roleIds).toEqual(['2']);
    expect([...body.menuIds].sort()).toEqual(['100', '101', '102', '103', '104']);
    expect(body.dataScopeIds).toEqual(['501']);
    expect(body.apiScopeIds).toEqual(['601']);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('授权成功'));
    await waitFor(() => expect(screen.queryByTestId('role-grant')).toBeNull());
  });

  it('the toolbar needs a selection; 禁用 asks first, then calls role/disable with the ids', async () => {
    const server = setup();
    await screen.findByText('管理员');
    fireEvent.click(screen.getByTestId('role-grant-selected'));
    expect(toast.warning).toHaveBeenCalledWith('请选择至少一条数据');
    expect(screen.queryByTestId('role-grant')).toBeNull();

    fireEvent.click(within(rowOf('1')).getByTestId('role-row-disable'));
    await screen.findByText(/确定将选择的角色禁用/);
    expect(server.last('POST', '/api/blade-system/role/disable')).toBeUndefined();
    fireEvent.click(screen.getByTestId('role-status-confirm'));
    await waitFor(() => expect(server.last('POST', '/api/blade-system/role/disable')?.params).toEqual({ ids: '1' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('禁用成功'));
  });

  it('shows no 权限设置, 启用 or 禁用 without their codes', async () => {
    setup(['role_view']);
    await screen.findByText('管理员');
    expect(screen.queryByTestId('role-row-grant')).toBeNull();
    expect(screen.queryByTestId('role-grant-selected')).toBeNull();
    expect(screen.queryByTestId('role-row-disable')).toBeNull();
    expect(screen.queryByTestId('role-row-enable')).toBeNull();
    expect(screen.queryByTestId('role-add')).toBeNull();
    expect(within(rowOf('1')).getByTestId('role-row-view')).toBeTruthy();
  });
});
