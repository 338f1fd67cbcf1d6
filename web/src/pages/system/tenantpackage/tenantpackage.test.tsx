import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TENANT_MSG } from '@gsl/contract';
import { fieldProblem } from '../../../../test/rules';
import type { PackageMenuNode } from '../../../api/system/tenant';
import { AntdProviders } from '../../../app/AntdProviders';
import { createQueryClient, Providers } from '../../../app/providers';
import { everyId, splitIds, toggleMenu, type MenuPickNode } from './packageLogic';

vi.mock('../../../api/system/tenant', async (original) => {
  const real = await original<typeof import('../../../api/system/tenant')>();
  return { ...real, getPackageMenuTree: vi.fn() };
});
const api = await import('../../../api/system/tenant');
const { MenuTreePicker } = await import('./MenuTreePicker');
const { PACKAGE_FIELDS } = await import('./index');

//  portal(1) ─ myday(2)
//  system(10) ─ user(11) ─ user_add(12), user_edit(13)
//             └ dept(20)
const FOREST: MenuPickNode[] = [
  { id: '1', children: [{ id: '2' }] },
  { id: '10', children: [{ id: '11', children: [{ id: '12' }, { id: '13' }] }, { id: '20' }] },
];

describe('package menu picking', () => {
  it('ticking a menu takes its buttons and the menus above it; unticking drops what is below', () => {
    expect(toggleMenu(FOREST, [], '11', true).sort()).toEqual(['10', '11', '12', '13']);
    expect(toggleMenu(FOREST, ['10', '11', '12', '13'], '12', false).sort()).toEqual(['10', '11', '13']);
    expect(toggleMenu(FOREST, ['10', '11', '12', '13', '20'], '11', false).sort()).toEqual(['10', '20']);
    expect(toggleMenu(FOREST, ['1'], '20', true).sort()).toEqual(['1', '10', '20']);
    expect(everyId(FOREST)).toEqual(['1', '2', '10', '11', '12', '13', '20']);
    expect(splitIds(' 1,2,,2 ')).toEqual(['1', '2']);
    expect(splitIds(undefined)).toEqual([]);
  });

  it('the form requires a name and at least one menu, with the server’s messages', async () => {
    const check = (name: string, value: unknown) => fieldProblem(PACKAGE_FIELDS, name, value);
    expect(await check('packageName', '')).toBe(TENANT_MSG.packageRequired);
    expect(await check('menuIds', '')).toBe(TENANT_MSG.packageMenus);
    expect(await check('menuIds', undefined)).toBe(TENANT_MSG.packageMenus);
    expect(await check('menuIds', '1,2')).toBeNull();
  });
});

const node = (id: string, parentId: string, name: string, category: number, children: PackageMenuNode[] = []): PackageMenuNode => ({
  id,
  parentId,
  code: name,
  name,
  category,
  title: name,
  key: id,
  value: id,
  children,
});

describe('menu tree picker', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.mocked(api.getPackageMenuTree).mockResolvedValue([
      node('1', '0', '门户', 1, [node('2', '1', '我的一天', 1)]),
      node('10', '0', '系统管理', 1, [node('11', '10', '用户管理', 1, [node('12', '11', '新增', 2)])]),
    ]);
  });

  it('shows the menus with their buttons ticked from the value; ticking a menu reports it with its parent and buttons', async () => {
    const onChange = vi.fn();
    render(
      <Providers queryClient={createQueryClient()}>
        <AntdProviders>
          <MenuTreePicker value="1,2" onChange={onChange} />
        </AntdProviders>
      </Providers>,
    );
    await screen.findByText('系统管理');
    expect(screen.getByText('已选 2 项')).toBeTruthy();
    const checkbox = (title: string) => screen.getByText(title).closest('.ant-tree-treenode')!.querySelector('.ant-tree-checkbox')!;
    expect(checkbox('我的一天').className).toContain('ant-tree-checkbox-checked');
    expect(checkbox('系统管理').className).not.toContain('ant-tree-checkbox-checked');
    fireEvent.click(
      screen.getByText('用户管理').closest('.ant-tree-treenode')!.querySelector('.ant-tree-switcher')!.parentElement!.querySelector('.ant-tree-checkbox')!,
    );
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(splitIds(onChange.mock.calls[0][0]).sort()).toEqual(['1', '10', '11', '12', '2']);
    fireEvent.click(screen.getByTestId('tenantpackage-menus-none'));
    expect(onChange).toHaveBeenLastCalledWith('');
  });
});
