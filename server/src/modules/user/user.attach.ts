import { isGranted } from '../../platform/access/grants.js';
import type { AttachReferrers } from '../../platform/files/attach-referrers.js';
import { avatarHolderVisible } from './user.repo.js';
import { scopeOf } from './user.service.js';

/**
 * A user's avatar is readable by the user, and by whoever may open that user's record (用户管理 and
 * the user data scope).
 */
export function registerUserAttachments(referrers: AttachReferrers): void {
  referrers.register('user-avatar', async (db, actor, link) => avatarHolderVisible(db, await scopeOf(db, actor), link, await isGranted(db, actor, 'user')));
}
