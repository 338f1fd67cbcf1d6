import type { Db } from '../connection.js';
import type { RoleAlias } from './reference-data.js';
import { insertScopeRules } from './seed-grants.js';

/**
 * Data scope of the user accounts (resource 'user', wire contract §5): federation staff and tenant
 * administrators see their org and everything below it, chamber staff their own org; the
 * "own records" rule is offered for roles an administrator defines later. Administrators see all
 * without a rule. One-time (seed_step), so an administrator's later edits survive restarts.
 */
export const USER_SCOPES: Array<{ name: string; type: 2 | 3 | 4; roles: RoleAlias[] }> = [
  { name: '用户管理: 所在机构及子级可见', type: 4, roles: ['aoc', 'admin'] },
  { name: '用户管理: 所在机构可见', type: 3, roles: ['coc'] },
  { name: '用户管理: 本人创建可见', type: 2, roles: [] },
];

export async function seedUserScopes(tx: Db, roleIds: Record<RoleAlias, string>, menuIds: Map<string, string>): Promise<void> {
  const menuId = menuIds.get('user');
  if (!menuId) return;
  const first = await tx
    .insertInto('seedStep')
    .values({ name: 'user-scopes-v1' })
    .onConflict((oc) => oc.column('name').doNothing())
    .returning('name')
    .executeTakeFirst();
  if (!first) return;
  await insertScopeRules(tx, roleIds, { menuId, resource: 'user', column: 'dept_id' }, USER_SCOPES);
}
