import { MENU_TREE, type MenuDef } from '@gsl/contract';
import type { Db } from '../connection.js';
import type { RoleAlias } from './reference-data.js';
import { grantMenus } from './seed-grants.js';

type Once = (tx: Db, name: string, step: () => Promise<void>) => Promise<void>;

/** A menu's code with its buttons' codes. */
function codesOf(code: string, nodes: MenuDef[] = MENU_TREE): string[] {
  for (const n of nodes) {
    if (n.code === code) return [n.code, ...(n.children ?? []).map((c) => c.code)];
    const below = codesOf(code, n.children ?? []);
    if (below.length) return below;
  }
  return [];
}

/**
 * 我的组织's account and role screens for installations created before they existed (new ones get them
 * with the default grants, reference-data.ts): federation staff and tenant admins all three, chamber staff
 * their chamber's accounts and roles (never federation accounts).
 */
export async function seedMyOrgAccountReference(tx: Db, roleIds: Record<RoleAlias, string>, menuIds: Map<string, string>, once: Once): Promise<void> {
  await once(tx, 'myorg-account-grants-v1', async () => {
    const coc = ['portal_myorg', ...codesOf('myorg_coc_account'), ...codesOf('myorg_role')];
    await grantMenus(tx, roleIds, menuIds, [...coc, ...codesOf('myorg_aoc_account')], ['administrator', 'admin', 'aoc']);
    await grantMenus(tx, roleIds, menuIds, coc, ['coc']);
  });
}
