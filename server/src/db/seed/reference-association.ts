import type { Db } from '../connection.js';
import type { RoleAlias } from './reference-data.js';
import { grantMenus, insertScopeRules } from './seed-grants.js';

type Once = (tx: Db, name: string, step: () => Promise<void>) => Promise<void>;

/**
 * Data scope of the leadership (resource 'association'): whose teams a user reads and writes. A
 * federation its org and everything below it (a city its counties and chambers, never another city's);
 * a chamber or association its own org.
 */
export const ASSOCIATION_SCOPES: Array<{ name: string; type: 2 | 3 | 4; roles: RoleAlias[] }> = [
  { name: '领导班子: 所在机构及子级', type: 4, roles: ['aoc', 'admin'] },
  { name: '领导班子: 所在机构', type: 3, roles: ['coc'] },
  { name: '领导班子: 本人录入', type: 2, roles: [] },
];

const LEADER_CODES = [
  'association_leader',
  'association_leader_add',
  'association_leader_edit',
  'association_leader_delete',
  'association_leader_view',
  'association_leader_multiplex',
  'association_leader_export',
];
const RESUME_CODES = ['association_history', 'association_base'].flatMap((m) => [m, `${m}_add`, `${m}_edit`, `${m}_delete`, `${m}_view`]);

/**
 * Reference rows of the leadership (called from seedReference inside its transaction): its data scopes,
 * and its menus (领导班子, 大事记, 协会基本信息) for the default roles of installations created before it
 * existed (new ones get them with the default grants of 门户).
 */
export async function seedAssociationReference(tx: Db, roleIds: Record<RoleAlias, string>, menuIds: Map<string, string>, once: Once): Promise<void> {
  await once(tx, 'association-scopes-v1', async () => {
    await insertScopeRules(tx, roleIds, { menuId: menuIds.get('association_leader')!, resource: 'association', column: 'dept_id' }, ASSOCIATION_SCOPES);
  });
  await once(tx, 'association-grants-v1', async () => {
    await grantMenus(tx, roleIds, menuIds, [...LEADER_CODES, ...RESUME_CODES], ['administrator', 'admin', 'aoc', 'coc']);
  });
}
