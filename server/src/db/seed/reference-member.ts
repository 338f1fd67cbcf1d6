import { PORTAL_MENU, type MenuDef } from '@gsl/contract';
import type { Db } from '../connection.js';
import type { RoleAlias } from './reference-data.js';
import { grantMenus, insertRoleMenus, insertScopeRules } from './seed-grants.js';

type Once = (tx: Db, name: string, step: () => Promise<void>) => Promise<void>;

/**
 * Data scope of member records and their change history (resource 'member'): federation
 * staff and tenant admins see their org and everything below it (a city sees its counties and their
 * chambers), chamber staff their own org. "Own records" is offered for roles defined later.
 */
export const MEMBER_SCOPES: Array<{ name: string; type: 2 | 3 | 4; roles: RoleAlias[] }> = [
  { name: '会员: 所在机构及子级可见', type: 4, roles: ['aoc', 'admin'] },
  { name: '会员: 所在机构可见', type: 3, roles: ['coc'] },
  { name: '会员: 本人创建可见', type: 2, roles: [] },
];

const memberCodes = (): string[] => {
  const db = PORTAL_MENU.children!.find((m) => m.code === 'portal_database')!;
  const out: string[] = [];
  const walk = (nodes: MenuDef[]) => nodes.forEach((n) => (out.push(n.code), n.children && walk(n.children)));
  walk(db.children ?? []);
  return out;
};

/**
 * Reference rows of members, called from seedReference inside its transaction: the member data scopes,
 * and the member menus for the default roles of installations created before they existed (new ones
 * get them with the default grants). Unmasked personal data (member_sensitive) only for tenant admins.
 */
export async function seedMemberReference(tx: Db, roleIds: Record<RoleAlias, string>, menuIds: Map<string, string>, once: Once): Promise<void> {
  await once(tx, 'member-scopes-v1', async () => {
    await insertScopeRules(tx, roleIds, { menuId: menuIds.get('portal_database')!, resource: 'member', column: 'dept_id' }, MEMBER_SCOPES);
  });
  await once(tx, 'member-grants-v1', async () => {
    const rows: Array<{ roleId: string; menuId: string }> = [];
    for (const code of memberCodes()) {
      const roles: RoleAlias[] = code === 'member_sensitive' ? ['administrator', 'admin'] : ['administrator', 'admin', 'aoc', 'coc'];
      for (const r of roles) rows.push({ roleId: roleIds[r], menuId: menuIds.get(code)! });
    }
    await insertRoleMenus(tx, rows);
  });
  // The import and export buttons came later: installations that already ran v1 get them for the same roles.
  const grantExcel = async (pattern: RegExp) => {
    const codes = memberCodes().filter((c) => pattern.test(c));
    await grantMenus(tx, roleIds, menuIds, codes, ['administrator', 'admin', 'aoc', 'coc']);
  };
  await once(tx, 'member-grants-v2-excel', () => grantExcel(/^member_(enterprise|group|person)_(import|export)$/));
  // Group and person imports came after v2.
  await once(tx, 'member-grants-v3-import', () => grantExcel(/^member_(group|person)_import$/));
}
