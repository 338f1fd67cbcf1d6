import { describe, expect, it } from 'vitest';
import { ADMIN_MENUS, type MenuDef } from '@gsl/contract';
import { MENU_ICON_NAMES } from '../../../app/shell/menuIcons';

/** The menus (not buttons) of a tree, with their icon names. */
const menusOf = (nodes: readonly MenuDef[]): MenuDef[] => nodes.flatMap((n) => (n.category === 1 ? [n, ...menusOf(n.children ?? [])] : []));

describe('side menu icons', () => {
  // The server seeds each menu's `source` (contract menus.ts); a name the side menu does not know
  // shows no icon, as 数据源管理 ('database') once did.
  it('knows the icon of every administration menu the server seeds', () => {
    const unknown = menusOf(ADMIN_MENUS).filter((m) => !m.source || !MENU_ICON_NAMES.includes(m.source));
    expect(unknown.map((m) => `${m.name} (${m.source ?? '无'})`)).toEqual([]);
    expect(menusOf(ADMIN_MENUS).find((m) => m.code === 'datasource')?.source).toBe('database');
  });
});
