import type { Db } from '../connection.js';
import type { RoleAlias } from './reference-data.js';
import { grantMenus } from './seed-grants.js';

type Once = (tx: Db, name: string, step: () => Promise<void>) => Promise<void>;

/**
 * 系统管理 › 业务应用管理 for the administrators (platform and tenant) of installations created before it
 * existed; new installations give it to the tenant admin with the default grants of 系统管理.
 */
export async function seedPortalAppReference(tx: Db, roleIds: Record<RoleAlias, string>, menuIds: Map<string, string>, once: Once): Promise<void> {
  await once(tx, 'portal-app-grants-v1', async () => {
    await grantMenus(tx, roleIds, menuIds, ['portal_app', 'portal_app_edit', 'portal_app_delete'], ['administrator', 'admin']);
  });
  // 荣誉与领导排名 (under 数据库查询) for every default role of installations created before it.
  await once(tx, 'portal-honor-grants-v1', async () => {
    await grantMenus(tx, roleIds, menuIds, ['portal_honor'], ['administrator', 'admin', 'aoc', 'coc']);
  });
}
