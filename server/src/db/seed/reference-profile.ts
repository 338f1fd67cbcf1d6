import { PORTAL_MENU, type MenuDef } from '@gsl/contract';
import type { Db } from '../connection.js';
import type { RoleAlias } from './reference-data.js';
import { grantMenus, insertScopeRules } from './seed-grants.js';

type Once = (tx: Db, name: string, step: () => Promise<void>) => Promise<void>;

/**
 * Data scope of profiles (resource 'profile'): federation staff and tenant admins see their
 * org and everything below it (a city sees its counties' and their chambers' records, never another
 * city's), chamber staff their own org. "Own records" is offered for roles defined later.
 */
export const PROFILE_SCOPES: Array<{ name: string; type: 2 | 3 | 4; roles: RoleAlias[] }> = [
  { name: '档案: 所在机构及子级可见', type: 4, roles: ['aoc', 'admin'] },
  { name: '档案: 所在机构可见', type: 3, roles: ['coc'] },
  { name: '档案: 本人创建可见', type: 2, roles: [] },
];

const PROFILE_MENUS = ['profile_person', 'profile_enterprise', 'profile_org'];

const profileCodes = (): string[] => {
  const db = PORTAL_MENU.children!.find((m) => m.code === 'portal_database')!;
  const out: string[] = [];
  const walk = (nodes: MenuDef[]) => nodes.forEach((n) => (out.push(n.code), n.children && walk(n.children)));
  walk((db.children ?? []).filter((m) => PROFILE_MENUS.includes(m.code)));
  return out;
};

/**
 * Reference rows of profiles, called from seedReference inside its transaction: the profile data
 * scopes, and the profile menus for the default roles of installations created before they existed
 * (new installations get them with the default grants, which include every portal menu).
 */
export async function seedProfileReference(tx: Db, roleIds: Record<RoleAlias, string>, menuIds: Map<string, string>, once: Once): Promise<void> {
  await once(tx, 'profile-scopes-v1', async () => {
    await insertScopeRules(tx, roleIds, { menuId: menuIds.get('profile_person')!, resource: 'profile', column: 'dept_id' }, PROFILE_SCOPES);
  });
  await once(tx, 'profile-grants-v1', async () => {
    await grantMenus(tx, roleIds, menuIds, profileCodes(), ['administrator', 'admin', 'aoc', 'coc']);
  });
}
