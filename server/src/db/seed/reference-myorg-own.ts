import type { Db } from '../connection.js';
import type { RoleAlias } from './reference-data.js';
import { grantMenus } from './seed-grants.js';

type Once = (tx: Db, name: string, step: () => Promise<void>) => Promise<void>;

/**
 * 我的组织's own screens (登录日志, 邮箱配置 with 修改) for the default roles of installations created before
 * they existed (new ones get them with the default grants): every org's staff read their org's sign-ons and
 * keep their org's sender mailbox.
 */
export async function seedMyOrgOwnReference(tx: Db, roleIds: Record<RoleAlias, string>, menuIds: Map<string, string>, once: Once): Promise<void> {
  await once(tx, 'myorg-own-grants-v1', async () => {
    await grantMenus(tx, roleIds, menuIds, ['myorg_login', 'myorg_mailbox', 'myorg_mailbox_edit'], ['administrator', 'admin', 'aoc', 'coc']);
  });
}
