import { ORG_ACCOUNT_MENU, ORG_ACCOUNT_TAGS, USER_MSG, perm, type OrgAccountTag, type PermissionCode } from '@gsl/contract';
import type { Db } from '../../db/connection.js';
import type { Actor } from '../../platform/access/actor.js';
import { isGranted } from '../../platform/access/grants.js';
import { forbidden } from '../../platform/http/errors.js';

/**
 * Who may act on an account. 用户管理 (administration) acts on every account in the user data scope with
 * its buttons (user_enable …); 我的组织's account screens act only on the accounts of their profile tag
 * (工商联账号管理: aoc, 商会账号管理: coc) with their own buttons (myorg_aoc_account_enable …). The data
 * scope applies either way; it is checked first, so an account outside it is 404 before anything else.
 */
export type AccountAction = 'add' | 'edit' | 'view' | 'enable' | 'disable' | 'unlock' | 'reset';

const adminCode = (action: AccountAction) => perm(`user_${action}`);
const screenCode = (tag: OrgAccountTag, action: AccountAction) => perm(`${ORG_ACCOUNT_MENU[tag]}_${action}`);

/** The route permission of an account action: 用户管理's button or either account screen's. */
export const accountActionCodes = (action: AccountAction): PermissionCode[] => [adminCode(action), ...ORG_ACCOUNT_TAGS.map((t) => screenCode(t, action))];

/** The account screens' menu codes (lists and details), with 用户管理's own. */
export const accountReadCodes: PermissionCode[] = [perm('user'), ...ORG_ACCOUNT_TAGS.map((t) => perm(ORG_ACCOUNT_MENU[t]))];

/** The profile tags whose accounts the actor may act on: 'all' with 用户管理's button, else those of the screens' buttons he holds. */
export async function tagsAllowed(db: Db, actor: Actor, action: AccountAction): Promise<'all' | Set<string>> {
  if (await isGranted(db, actor, adminCode(action))) return 'all';
  const out = new Set<string>();
  for (const tag of ORG_ACCOUNT_TAGS) if (await isGranted(db, actor, screenCode(tag, action))) out.add(tag);
  return out;
}

/** 403 (无权操作该账号) unless the actor may act on every target's profile tag. */
export async function assertAccountAction(db: Db, actor: Actor, action: AccountAction, targets: Array<{ profileTag: string | null }>): Promise<void> {
  const allowed = await tagsAllowed(db, actor, action);
  if (allowed === 'all') return;
  if (targets.some((t) => !t.profileTag || !allowed.has(t.profileTag))) throw forbidden(USER_MSG.outranked);
}
