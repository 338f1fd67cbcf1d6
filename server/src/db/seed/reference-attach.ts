import { MENU_TREE, type MenuDef } from '@gsl/contract';
import type { Db } from '../connection.js';
import type { RoleAlias } from './reference-data.js';

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
    for (const s of ATTACH_SCOPES) {
      const { id } = await tx
        .insertInto('bladeScopeData')
        .values({ menuId: menuIds.get('attach')!, resourceCode: 'attach', scopeName: s.name, scopeColumn: 'create_dept', scopeType: s.type })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (s.roles.length)
        await tx
          .insertInto('bladeRoleScope')
          .values(s.roles.map((r) => ({ roleId: roleIds[r], scopeCategory: 1, scopeId: id })))
          .execute();
    }
  });
  await once(tx, 'attach-grants-v1', async () => {
    const rows = codesOf('attach').flatMap((code) =>
      (['administrator', 'admin'] as RoleAlias[]).map((r) => ({ roleId: roleIds[r], menuId: menuIds.get(code)! })),
    );
    await tx
      .insertInto('bladeRoleMenu')
      .values(rows)
      .onConflict((oc) => oc.columns(['roleId', 'menuId']).doNothing())
      .execute();
  });
}
