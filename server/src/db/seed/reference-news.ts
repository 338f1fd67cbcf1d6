import type { Db } from '../connection.js';
import type { RoleAlias } from './reference-data.js';
import { grantMenus, insertScopeRules } from './seed-grants.js';

type Once = (tx: Db, name: string, step: () => Promise<void>) => Promise<void>;

/**
 * 舆情监测's data scope (resource 'news'): an item is visible to staff whose scope holds an org or member it
 * names (general items to all). A federation its org and everything below it, a chamber its own org.
 */
export const NEWS_SCOPES: Array<{ name: string; type: 2 | 3 | 4; roles: RoleAlias[] }> = [
  { name: '舆情监测: 所在机构及子级', type: 4, roles: ['aoc', 'admin'] },
  { name: '舆情监测: 所在机构', type: 3, roles: ['coc'] },
];

/**
 * Reference rows of 舆情监测 (called from seedReference inside its transaction): its data scopes, 舆情来源
 * for the administrators, and 手工录入 / 删除 for federation staff on installations created before they existed.
 */
export async function seedNewsReference(tx: Db, roleIds: Record<RoleAlias, string>, menuIds: Map<string, string>, once: Once): Promise<void> {
  await once(tx, 'news-scopes-v1', async () => {
    await insertScopeRules(tx, roleIds, { menuId: menuIds.get('portal_news')!, resource: 'news', column: 'dept_id' }, NEWS_SCOPES);
  });
  await once(tx, 'news-grants-v1', async () => {
    await grantMenus(tx, roleIds, menuIds, ['news_source', 'news_source_edit', 'news_source_delete', 'news_source_fetch'], ['administrator', 'admin']);
    await grantMenus(tx, roleIds, menuIds, ['portal_news', 'portal_news_add', 'portal_news_delete'], ['administrator', 'admin', 'aoc']);
    await grantMenus(tx, roleIds, menuIds, ['portal_news', 'portal_news_add'], ['coc']);
  });
}
