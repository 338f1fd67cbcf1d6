import type { Db } from '../connection.js';
import type { RoleAlias } from './reference-data.js';
import { grantMenus, insertScopeRules } from './seed-grants.js';

type Once = (tx: Db, name: string, step: () => Promise<void>) => Promise<void>;

/**
 * Data scope of the message centre (resource 'message'): whom a sender may reach and whose sends they
 * may read. A federation reaches its org and everything below it (a city its counties, their chambers
 * and members, never another city's); a chamber its own org and members.
 */
export const MESSAGE_SCOPES: Array<{ name: string; type: 2 | 3 | 4; roles: RoleAlias[] }> = [
  { name: '消息: 所在机构及子级', type: 4, roles: ['aoc', 'admin'] },
  { name: '消息: 所在机构', type: 3, roles: ['coc'] },
  { name: '消息: 本人发送', type: 2, roles: [] },
];

const SEND_CODES = ['message', 'message_notice', 'message_sms', 'message_email', 'message_view'];

/**
 * Reference rows of the message centre, called from seedReference inside its transaction: its data
 * scopes, and its menus for the default roles of installations created before it existed (new ones get
 * them with the default grants). Urgent sending (past the SMS quiet hours) is the federations' and admins'.
 */
export async function seedMessageReference(tx: Db, roleIds: Record<RoleAlias, string>, menuIds: Map<string, string>, once: Once): Promise<void> {
  await once(tx, 'message-scopes-v1', async () => {
    await insertScopeRules(tx, roleIds, { menuId: menuIds.get('message')!, resource: 'message', column: 'dept_id' }, MESSAGE_SCOPES);
  });
  await once(tx, 'message-grants-v1', async () => {
    await grantMenus(tx, roleIds, menuIds, SEND_CODES, ['administrator', 'admin', 'aoc', 'coc']);
    await grantMenus(tx, roleIds, menuIds, ['message_urgent'], ['administrator', 'admin', 'aoc']);
    await grantMenus(tx, roleIds, menuIds, ['sms_outbox', 'mail_outbox', 'sms_source', 'sms_source_edit'], ['administrator', 'admin']);
  });
}
