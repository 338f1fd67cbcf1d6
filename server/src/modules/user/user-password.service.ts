import { USER_MSG, passwordProblem, type ResetPasswordAnswer, type SetPassword, type UpdatePassword } from '@gsl/contract';
import type { Db } from '../../db/connection.js';
import type { Actor } from '../../platform/access/actor.js';
import { hashPassword, verifyPassword } from '../../platform/auth/password.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import { assertAccountAction } from './account-access.js';
import { userRepo } from './user.repo.js';
import { lockAll, randomPassword } from './user.rules.js';
import { scopeOf } from './user.service.js';
import { userSessionRepo } from './user-session.repo.js';

const MAX_RESETS = 100;

/**
 * Passwords. Hashing is slow, so it always happens before the transaction; a password an
 * administrator issued (reset-password, set-password) marks the account password_reset_required,
 * which update-password clears. Every change ends the account's other sessions.
 */
export const userPasswordService = {
  /** The own password: the old one checked, the new one confirmed and strong enough. */
  async updateOwn(db: Db, actor: Actor, input: UpdatePassword): Promise<void> {
    const row = await userRepo.passwordHashOf(db, actor.tenantId, actor.userId);
    if (!row) throw notFound();
    if (!(await verifyPassword(row.passwordHash, input.oldPassword))) throw badRequest(USER_MSG.oldPasswordWrong);
    if (input.newPassword !== input.newPassword1) throw badRequest(USER_MSG.passwordMismatch);
    const weak = passwordProblem(input.newPassword);
    if (weak) throw badRequest(weak);
    if (input.newPassword === input.oldPassword) throw badRequest(USER_MSG.passwordSame);
    const hash = await hashPassword(input.newPassword);
    await db.transaction().execute(async (tx) => {
      await userRepo.setOwnPassword(tx, actor.tenantId, actor.userId, hash);
      await userSessionRepo.revokeSessions(tx, [actor.userId], actor.chainId);
    });
  },

  /** set-password: an administrator sets one other user's password. */
  async set(db: Db, actor: Actor, input: SetPassword): Promise<void> {
    if (input.userId === actor.userId) throw badRequest(USER_MSG.ownPassword);
    const scope = await scopeOf(db, actor);
    // Fail before the slow hash when the user is not there (or not the actor's to change).
    await db.transaction().execute((tx) => lockAll(tx, actor, scope, [input.userId]));
    if (input.password2 !== undefined && input.password2 !== input.password) throw badRequest(USER_MSG.passwordMismatch);
    const weak = passwordProblem(input.password);
    if (weak) throw badRequest(weak);
    const hash = await hashPassword(input.password);
    await db.transaction().execute(async (tx) => {
      await lockAll(tx, actor, scope, [input.userId]);
      await userRepo.updateMany(tx, scope, [input.userId], { passwordHash: hash, passwordResetRequired: 1 }, actor.userId);
      await userSessionRepo.revokeSessions(tx, [input.userId]);
    });
  },

  /**
   * reset-password: a new random password per user. There is no mail here, so the answer carries each
   * new password once, for the administrator to hand over; it is never stored or logged in clear.
   */
  async reset(db: Db, actor: Actor, ids: string[]): Promise<ResetPasswordAnswer[]> {
    if (ids.includes(actor.userId)) throw badRequest(USER_MSG.ownPassword);
    if (ids.length > MAX_RESETS) throw badRequest(USER_MSG.tooManyResets);
    const scope = await scopeOf(db, actor);
    await db.transaction().execute(async (tx) => assertAccountAction(tx, actor, 'reset', await lockAll(tx, actor, scope, ids)));
    const issued: Array<{ id: string; password: string; hash: string }> = [];
    for (const id of ids) {
      const password = randomPassword();
      issued.push({ id, password, hash: await hashPassword(password) }); // one at a time: each takes 19 MiB
    }
    const targets = await db.transaction().execute(async (tx) => {
      const locked = await lockAll(tx, actor, scope, ids);
      for (const p of issued) await userRepo.updateMany(tx, scope, [p.id], { passwordHash: p.hash, passwordResetRequired: 1 }, actor.userId);
      await userSessionRepo.revokeSessions(tx, ids);
      return locked;
    });
    return issued.map((p) => {
      const t = targets.find((x) => x.id === p.id)!;
      return { id: p.id, account: t.account, realName: t.realName, password: p.password };
    });
  },
};
