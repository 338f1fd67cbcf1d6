import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../../../test/fakeServer';
import { mockedApi, renderScreen } from '../../../../test/screens';
import TopMenuPage from './index';

vi.mock('../../../api/feedback', () => ({ toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() }, setMessageInstance: vi.fn() }));
vi.mock('../../../api/http', async (original) => ({ ...(await original<object>()), get: vi.fn(), request: vi.fn() }));
const { toast } = await mockedApi();

const node = (id: string, name: string, children: unknown[] = []) => ({
  id,
  parentId: '0',
  name,
  code: id,
  title: name,
  key: id,
  value: id,
  category: 1,
  hasChildren: children.length > 0,
  children,
});
const TOP = { id: '5', code: 'work', name: '工作台', source: 'appstore', path: null, sort: 1, version: 1, createTime: null, updateTime: null };

function setup(granted = ['topmenu_add', 'topmenu_edit', 'topmenu_delete', 'topmenu_view', 'topmenu_setting']) {
  const server = fakeServer({
    'GET /api/blade-system/topmenu/list': () => ({ records: [TOP], total: 1, size: 10, current: 1, pages: 1 }),
    'GET /api/blade-system/menu/grant-top-tree': () => ({
      menu: [node('1', '系统管理', [node('2', '参数管理'), node('3', '用户管理')]), node('4', '权限管理')],
    }),
    'GET /api/blade-system/menu/top-tree-keys': () => ({ menu: ['4'] }),
    'POST /api/blade-system/topmenu/grant': () => ({ msg: '配置成功' }),
  });
  renderScreen(<TopMenuPage />, granted);
  return server;
}

const treeNode = (tree: HTMLElement, title: string) => within(tree).getByText(title, { exact: true }).closest('.ant-tree-treenode') as HTMLElement;

describe('顶部菜单', { timeout: 30_000 }, () => {
  it('菜单配置 shows the configured menus checked and saves the new choice for the top menu', async () => {
    const server = setup();
    await screen.findByText('工作台');
    fireEvent.click(screen.getByTestId('topmenu-row-setting'));
    const tree = await screen.findByTestId('topmenu-setting-tree');
    expect(server.last('GET', '/api/blade-system/menu/top-tree-keys')?.params).toEqual({ topMenuIds: '5' });
    expect(treeNode(tree, '权限管理').querySelector('.ant-tree-checkbox-checked')).toBeTruthy();
    fireEvent.click(treeNode(tree, '参数管理').querySelector('.ant-tree-checkbox')!);
    fireEvent.click(treeNode(tree, '权限管理').querySelector('.ant-tree-checkbox')!);
    fireEvent.click(screen.getByTestId('topmenu-setting-submit'));
    await waitFor(() => expect(server.last('POST', '/api/blade-system/topmenu/grant')).toBeTruthy());
    const body = server.last('POST', '/api/blade-system/topmenu/grant')!.body as { topMenuIds: string[]; menuIds: string[] };
    expect(body.topMenuIds).toEqual(['5']);
    expect([...body.menuIds].sort()).toEqual(['1', '2']);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('配置成功'));
  });

  it('the toolbar 菜单配置 needs a selection; without topmenu_setting there is none', async () => {
    setup();
    await screen.findByText('工作台');
    fireEvent.click(screen.getByTestId('topmenu-setting-selected'));
    expect(toast.warning).toHaveBeenCalledWith('请选择至少一条数据');
    expect(screen.queryByTestId('topmenu-setting')).toBeNull();
  });

  it('hides 菜单配置 without its code', async () => {
    setup(['topmenu_view']);
    await screen.findByText('工作台');
    expect(screen.queryByTestId('topmenu-row-setting')).toBeNull();
    expect(screen.queryByTestId('topmenu-setting-selected')).toBeNull();
  });
});
