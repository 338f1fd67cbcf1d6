import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ruleProblem as check } from '../../../../test/rules';
import { fakeServer } from '../../../../test/fakeServer';
import { mockedApi, renderScreen } from '../../../../test/screens';
import { menuBody, pathRule } from './fields';
import MenuPage from './index';

vi.mock('../../../api/feedback', () => ({ toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() }, setMessageInstance: vi.fn() }));
vi.mock('../../../api/http', async (original) => ({ ...(await original<object>()), get: vi.fn(), request: vi.fn() }));
const { toast } = await mockedApi();

const menu = (id: string, parentId: string, name: string, extra: Record<string, unknown> = {}) => ({
  id,
  parentId,
  code: `code${id}`,
  name,
  alias: null,
  path: `/p/${id}`,
  source: 'setting',
  sort: 1,
  category: 1,
  action: 0,
  isOpen: 1,
  remark: null,
  version: 3,
  title: name,
  key: id,
  value: id,
  hasChildren: false,
  children: [],
  ...extra,
});

const FOREST = [
  menu('1', '0', '系统管理', {
    hasChildren: true,
    children: [menu('2', '1', '参数管理', { children: [menu('3', '2', '新增', { category: 2, path: null })] })],
  }),
];

function setup() {
  const server = fakeServer({
    'GET /api/blade-system/menu/list': () => FOREST,
    'GET /api/blade-system/menu/tree': () => FOREST,
    'POST /api/blade-system/menu/submit': (call) => ({ msg: '新增成功', data: { ...(call.body as object), id: '9' } }),
  });
  renderScreen(<MenuPage />, ['menu_add', 'menu_edit', 'menu_delete', 'menu_view']);
  return server;
}

const rowOf = (id: string) => screen.getByTestId('menu-table').querySelector(`tbody tr[data-row-key="${id}"]`) as HTMLElement;

describe('菜单管理', { timeout: 30_000 }, () => {
  it('requires 路由地址 for a menu, not for a button, and sends blank texts as null and no parent as top level', async () => {
    expect(await check(pathRule, ' ', { category: 1 })).toBe('请输入路由地址');
    expect(await check(pathRule, undefined, { category: 2 })).toBeNull();
    expect(await check(pathRule, '/system/x', { category: 1 })).toBeNull();
    expect(menuBody({ name: 'a', parentId: undefined, alias: ' ', path: ' /x ', remark: '' })).toEqual({
      name: 'a',
      parentId: '',
      alias: null,
      path: '/x',
      source: null,
      remark: null,
    });
  });

  it('shows the menu tree with buttons as children, and 新增子项 opens 新增 under that menu', async () => {
    const server = setup();
    await screen.findByText('系统管理');
    expect(within(rowOf('1')).getByText('菜单')).toBeTruthy();
    fireEvent.click(rowOf('1').querySelector('.ant-table-row-expand-icon')!);
    await screen.findByText('参数管理');
    fireEvent.click(rowOf('2').querySelector('.ant-table-row-expand-icon')!);
    expect(within(await waitFor(() => rowOf('3'))).getByText('按钮')).toBeTruthy();
    expect(within(rowOf('3')).queryByTestId('menu-row-add-child')).toBeNull(); // nothing hangs under a button

    fireEvent.click(within(rowOf('2')).getByTestId('menu-row-add-child'));
    const form = await screen.findByTestId('menu-form');
    expect(within(form).getByText('参数管理')).toBeTruthy(); // 上级菜单 preset
    fireEvent.click(screen.getByTestId('menu-form-submit'));
    expect(await within(form).findByText('请输入菜单名称')).toBeTruthy();
    expect(within(form).getByText('请输入路由地址')).toBeTruthy();
    expect(within(form).getByText('请输入菜单编号')).toBeTruthy();
    fireEvent.change(within(form).getByPlaceholderText('请输入菜单名称'), { target: { value: '子菜单' } });
    fireEvent.change(within(form).getByPlaceholderText('请输入路由地址'), { target: { value: '/p/child' } });
    fireEvent.change(within(form).getByPlaceholderText('请输入菜单编号'), { target: { value: 'child' } });
    fireEvent.click(screen.getByTestId('menu-form-submit'));
    await waitFor(() => expect(server.last('POST', '/api/blade-system/menu/submit')).toBeTruthy());
    expect(server.last('POST', '/api/blade-system/menu/submit')!.body).toMatchObject({
      parentId: '2',
      name: '子菜单',
      path: '/p/child',
      code: 'child',
      category: 1,
      sort: 1,
      isOpen: 1,
    });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('新增成功'));
  });

  it('新增子项 under a menu newer than the loaded 上级菜单 choices refreshes them, so the parent shows by name', async () => {
    const newer = menu('7', '0', '新加的菜单');
    let tree: unknown[] = FOREST;
    const server = fakeServer({
      'GET /api/blade-system/menu/list': () => [...FOREST, newer],
      'GET /api/blade-system/menu/tree': () => tree,
    });
    renderScreen(<MenuPage />, ['menu_add']);
    await screen.findByText('新加的菜单');
    await waitFor(() => expect(server.calls.filter((c) => c.url.endsWith('/menu/tree')).length).toBe(1));
    tree = [...FOREST, newer]; // added elsewhere after this screen loaded its choices
    fireEvent.click(within(rowOf('7')).getByTestId('menu-row-add-child'));
    const form = await screen.findByTestId('menu-form');
    expect(await within(form).findByText('新加的菜单')).toBeTruthy();
  });
});
