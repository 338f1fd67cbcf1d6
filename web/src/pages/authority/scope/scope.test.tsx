import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ruleProblem as check } from '../../../../test/rules';
import { fakeServer } from '../../../../test/fakeServer';
import { mockedApi, renderScreen } from '../../../../test/screens';
import { apiScopeBody, customValueRule, dataScopeBody, dataScopeFormValues } from './fields';
import { filterMenus, ScopeScreen } from './ScopeScreen';

vi.mock('../../../api/feedback', () => ({ toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() }, setMessageInstance: vi.fn() }));
vi.mock('../../../api/http', async (original) => ({ ...(await original<object>()), get: vi.fn(), request: vi.fn() }));
const { toast } = await mockedApi();

const menu = (id: string, name: string, code: string, children: unknown[] = []) => ({
  id,
  parentId: '0',
  code,
  name,
  alias: null,
  path: `/${code}`,
  source: null,
  sort: 1,
  category: 1,
  action: 0,
  isOpen: 1,
  remark: null,
  version: 1,
  title: name,
  key: id,
  value: id,
  hasChildren: children.length > 0,
  children,
});
const MENUS = [menu('1', '系统管理', 'system', [menu('2', '用户管理', 'user'), menu('3', '参数管理', 'param')])];
const rule = (id: string, menuId: string, scopeName: string) => ({
  id,
  menuId,
  menuName: menuId === '2' ? '用户管理' : '参数管理',
  resourceCode: 'user',
  scopeName,
  scopeColumn: 'dept_id',
  scopeType: 3,
  scopeTypeName: '所在机构可见',
  scopeValue: null,
  remark: null,
  version: 1,
  createTime: null,
  updateTime: null,
});

function setup() {
  const server = fakeServer({
    'GET /api/blade-system/menu/tree': () => MENUS,
    'GET /api/blade-system/dept/dept-tree': () => [{ id: '10', parentId: '0', title: '江苏省工商联', key: '10', value: '10', children: [] }],
    'GET /api/blade-system/data-scope/list': (call) => {
      const all = [rule('7', '2', '用户本机构'), rule('8', '3', '参数全部')];
      const records = all.filter((r) => !call.params?.menuId || r.menuId === call.params.menuId);
      return { records, total: records.length, size: 10, current: 1, pages: 1 };
    },
    'POST /api/blade-system/data-scope/submit': (call) => ({ msg: '新增成功', data: call.body }),
  });
  renderScreen(<ScopeScreen kind="data" />, ['data_scope_add', 'data_scope_edit', 'data_scope_delete', 'data_scope_view']);
  return server;
}

describe('数据权限 / 接口权限', { timeout: 30_000 }, () => {
  it('requires 可见机构 only for 自定义, sends it comma-separated, and only then', async () => {
    expect(await check(customValueRule, [], { scopeType: 5 })).toBe('自定义数据权限请选择可见的机构');
    expect(await check(customValueRule, [], { scopeType: 3 })).toBeNull();
    expect(dataScopeBody({ scopeType: 5, scopeValue: [{ value: '10', label: 'x' }, '11', '10'], scopeColumn: ' ', remark: '' })).toMatchObject({
      scopeValue: '10,11',
      scopeColumn: null,
      remark: null,
    });
    expect(dataScopeBody({ scopeType: 3, scopeValue: ['10'] }).scopeValue).toBeNull();
    expect(dataScopeFormValues({ ...rule('7', '2', 'x'), scopeValue: '10,11' }).scopeValue).toEqual(['10', '11']);
    expect(apiScopeBody({ scopeName: 'x', scopeType: undefined, remark: ' ' })).toEqual({ scopeName: 'x', remark: null });
  });

  it('filters the menu tree by name or code, keeping the menus above a match', () => {
    const hits = filterMenus(MENUS as never, 'param');
    expect(hits.map((m) => m.name)).toEqual(['系统管理']);
    expect(hits[0].children.map((m) => m.name)).toEqual(['参数管理']);
  });

  it('lists every rule, then the rules of the menu picked; 新增 starts with that menu and its code', async () => {
    const server = setup();
    await screen.findByText('用户本机构');
    expect(screen.getByText('参数全部')).toBeTruthy();
    expect(server.last('GET', '/api/blade-system/data-scope/list')?.params).not.toHaveProperty('menuId');

    const menus = await screen.findAllByTestId('datascope-menu');
    fireEvent.click(menus.find((m) => m.textContent === '用户管理')!);
    await waitFor(() => expect(screen.queryByText('参数全部')).toBeNull());
    expect(server.last('GET', '/api/blade-system/data-scope/list')?.params).toMatchObject({ menuId: '2', current: 1 });
    expect(screen.getByTestId('datascope-picked').textContent).toBe('数据权限：用户管理（user）');

    fireEvent.click(screen.getByTestId('datascope-add'));
    const form = await screen.findByTestId('datascope-form');
    expect((within(form).getByPlaceholderText('请输入资源编号') as HTMLInputElement).value).toBe('user');
    fireEvent.change(within(form).getByPlaceholderText('请输入数据权限名称'), { target: { value: '用户全部' } });
    fireEvent.click(screen.getByTestId('datascope-form-submit'));
    await waitFor(() => expect(server.last('POST', '/api/blade-system/data-scope/submit')).toBeTruthy());
    expect(server.last('POST', '/api/blade-system/data-scope/submit')!.body).toEqual({
      menuId: '2',
      resourceCode: 'user',
      scopeName: '用户全部',
      scopeColumn: 'dept_id',
      scopeType: 1,
      scopeValue: null,
      remark: null,
    });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('新增成功'));
  });
});
