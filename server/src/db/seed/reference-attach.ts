import { MENU_TREE, type MenuDef } from '@gsl/contract';
import type { Db } from '../connection.js';
import type { RoleAlias } from './reference-data.js';
import { grantMenus, insertScopeRules } from './seed-grants.js';

type Once = (tx: Db, name: string, step: () => Promise<void>) => Promise<void>;

/**
 * Data scope of uploaded files (resource 'attach'): a file belongs to its uploader's org, so federation
 * staff and tenant admins read the files of their org and everything below it, chamber staff their own
 * org's. "Own records" is offered for roles defined later.
 */
export const ATTACH_SCOPES: Array<{ name: string; type: 2 | 3 | 4; roles: RoleAlias[] }> = [
  { name: '附件: 所在机构及子级可见', type: 4, roles: ['aoc', 'admin'] },
  { name: '附件: 所在机构可见', type: 3, roles: ['coc'] },
  { name: '附件: 本人上传可见', type: 2, roles: [] },
];

function codesOf(code: string, nodes: MenuDef[] = MENU_TREE): string[] {
  for (const n of nodes) {
    if (n.code === code) {
      const out: string[] = [];
      const walk = (m: MenuDef) => (out.push(m.code), m.children?.forEach(walk));
      walk(n);
      return out;
    }
    const found = n.children ? codesOf(code, n.children) : [];
    if (found.length) return found;
  }
  return [];
}

/**
 * Reference rows of 附件管理, called from seedReference inside its transaction: its data scopes, and the
 * menu for the administrators of installations created before it existed (new ones get it with the
 * default grants of the system menu).
 */
export async function seedAttachReference(tx: Db, roleIds: Record<RoleAlias, string>, menuIds: Map<string, string>, once: Once): Promise<void> {
  await once(tx, 'attach-scopes-v1', async () => {
    await insertScopeRules(tx, roleIds, { menuId: menuIds.get('attach')!, resource: 'attach', column: 'create_dept' }, ATTACH_SCOPES);
  });
  await once(tx, 'attach-grants-v1', async () => {
    await grantMenus(tx, roleIds, menuIds, codesOf('attach'), ['administrator', 'admin']);
  });
}
