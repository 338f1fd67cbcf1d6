import {
  MASKED_MOBILE_RE,
  PHONE_MSG,
  STALE_VERSION_MSG,
  USER_MSG,
  VERSION_REQUIRED_MSG,
  maskPhone,
  passwordProblem,
  type ChangeAccount,
  type PageQuery,
  type UserSubmit,
  type UserUpdate,
} from '@gsl/contract';
import { assertAccountQuota } from '../system/tenant/tenant.service.js';
import type { Db } from '../../db/connection.js';
import type { Actor } from '../../platform/access/actor.js';
import { assertGranted } from '../../platform/access/grants.js';
import { resolveScope, type DataScope } from '../../platform/access/scope.js';
import { hashPassword } from '../../platform/auth/password.js';
import { dbErrorCode, violatedConstraint } from '../../platform/http/db-errors.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import { assertAccountAction, type AccountAction } from './account-access.js';
import { userRepo, type UserFilter, type UserRow } from './user.repo.js';
import { USER_RESOURCE, grantableRoles, lockAll } from './user.rules.js';
import { userSessionRepo } from './user-session.repo.js';

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));
const splitIds = (list: string | null | undefined) => (list ? [...new Set(list.split(',').filter(Boolean))] : []);

/** A unique-account violation (a race the pre-check lost) as the Chinese message. */
function mapUnique(err: unknown): never {
  if (dbErrorCode(err) === '23505' && violatedConstraint(err) === 'uk_user_account') throw badRequest(USER_MSG.accountExists);
  throw err;
}

/**
 * The phone to store: the masked form the list showed (138****1234) stands for the current number,
 * unchanged; any other masked text is not a phone.
 */
export function phoneToStore(input: string, current: string | null): string {
  if (!MASKED_MOBILE_RE.test(input)) return input;
  if (current && maskPhone(current) === input) return current;
  throw badRequest(PHONE_MSG.format);
}

export const scopeOf = (db: Db, actor: Actor) => resolveScope(db, actor, USER_RESOURCE);

/** The list filters: the whitelisted suffix filters, and deptId as "that dept and below". */
export async function userFilter(db: Db, actor: Actor, query: Record<string, unknown>): Promise<UserFilter> {
  const deptId = typeof query.deptId === 'string' ? query.deptId : '';
  if (!deptId) return { filters: query };
  const dept = await userRepo.deptPath(db, actor.tenantId, deptId);
  return { filters: query, deptPath: dept ? dept.idPath : null };
}

export const userService = {
  async page(db: Db, actor: Actor, page: PageQuery, query: Record<string, unknown>) {
    return userRepo.page(db, await scopeOf(db, actor), page, await userFilter(db, actor, query));
  },

  async detail(db: Db, actor: Actor, id: string): Promise<UserRow> {
    const row = await userRepo.findById(db, await scopeOf(db, actor), id);
    if (!row) throw notFound();
    return row;
  },

  async info(db: Db, actor: Actor): Promise<UserRow> {
    const row = await userRepo.findSelf(db, actor.tenantId, actor.userId);
    if (!row) throw notFound();
    return row;
  },

  /** BladeX submit: creates with a password (user_add), or updates at its version without touching it (user_edit). */
  async submit(db: Db, actor: Actor, input: UserSubmit): Promise<{ row: UserRow; created: boolean }> {
    await assertGranted(db, actor, input.id ? 'user_edit' : 'user_add');
    const scope = await scopeOf(db, actor);
    // An update names its record first: outside the scope it is 404, whatever else the body holds.
    if (input.id && !(await userRepo.findById(db, scope, input.id))) throw notFound();
    if (input.id && input.version === undefined) throw badRequest(VERSION_REQUIRED_MSG);
    const dept = await userRepo.deptInScope(db, scope, input.deptId);
    if (!dept) throw badRequest(USER_MSG.deptOutOfScope);
    const roleIds = input.roleIds === undefined ? undefined : splitIds(input.roleIds);
    const values = {
      account: input.account,
      realName: input.realName,
      name: input.name,
      email: input.email,
      avatar: input.avatar,
      sex: input.sex,
      birthday: input.birthday,
      code: input.code,
      deptId: dept.id,
      postId: input.postId,
      // An update keeps the stored tag unless one is given; a new account takes its org's kind.
      profileTag: input.profileTag ?? (input.id ? undefined : dept.deptCategory === 1 ? 'aoc' : 'coc'),
      ...(input.seq === undefined ? {} : { seq: input.seq }),
      ...(input.isAddressBook === undefined ? {} : { isAddressBook: input.isAddressBook }),
    };
    if (!input.id) return { row: await this.create(db, actor, scope, input, values, roleIds ?? []), created: true };

    if (input.password || input.password2) throw badRequest(USER_MSG.passwordOnUpdate);
    if (roleIds && !roleIds.length) throw badRequest(USER_MSG.roleRequired);
    const id = input.id;
    try {
      await db.transaction().execute(async (tx) => {
        const [target] = await lockAll(tx, actor, scope, [id]);
        if (target.version !== input.version) throw badRequest(STALE_VERSION_MSG);
        const updated = await userRepo.updateAtVersion(
          tx,
          scope,
          id,
          input.version!,
          { ...values, phone: phoneToStore(input.phone, target.phone) },
          actor.userId,
        );
        if (!updated) throw badRequest(STALE_VERSION_MSG);
        if (roleIds && !sameSet(roleIds, splitIds(target.roleIds))) {
          // Roles the user already holds may stay; each added one must be the actor's to give.
          const added = roleIds.filter((r) => !splitIds(target.roleIds).includes(r));
          if (added.length) await grantableRoles(tx, actor, scope, added);
          await userRepo.replaceRoles(tx, [id], roleIds);
          await userSessionRepo.revokeSessions(tx, [id], actor.chainId);
        }
      });
    } catch (err) {
      mapUnique(err);
    }
    return { row: (await userRepo.findById(db, scope, id))!, created: false };
  },

  async create(db: Db, actor: Actor, scope: DataScope, input: UserSubmit, values: Record<string, any>, roleIds: string[]): Promise<UserRow> {
    if (!roleIds.length) throw badRequest(USER_MSG.roleRequired);
    await grantableRoles(db, actor, scope, roleIds);
    if (MASKED_MOBILE_RE.test(input.phone)) throw badRequest(PHONE_MSG.format);
    if (!input.password) throw badRequest(USER_MSG.passwordRequired);
    if (passwordProblem(input.password)) throw badRequest(USER_MSG.initialPasswordWeak);
    if (input.password2 !== undefined && input.password2 !== input.password) throw badRequest(USER_MSG.passwordMismatch);
    if (await userRepo.accountTaken(db, actor.tenantId, input.account)) throw badRequest(USER_MSG.accountExists);
    const passwordHash = await hashPassword(input.password); // slow: before the transaction
    let id = '';
    try {
      id = await db.transaction().execute(async (tx) => {
        await assertAccountQuota(tx, actor.tenantId);
        const row = await userRepo.insert(tx, {
          ...(values as any),
          tenantId: actor.tenantId,
          phone: input.phone,
          passwordHash,
          seq: input.seq ?? 0,
          isAddressBook: input.isAddressBook ?? 0,
          passwordResetRequired: 0,
          createUser: actor.userId,
          createDept: actor.deptId,
        });
        await userRepo.insertRoles(
          tx,
          roleIds.map((roleId) => ({ userId: row.id, roleId })),
        );
        return row.id;
      });
    } catch (err) {
      mapUnique(err);
    }
    return (await userRepo.findById(db, scope, id))!;
  },

  /** update: only the profile fields given, at the version read (never account, password, dept or roles). */
  async update(db: Db, actor: Actor, input: UserUpdate): Promise<UserRow> {
    const scope = await scopeOf(db, actor);
    const { id, version, ...fields } = input;
    await db.transaction().execute(async (tx) => {
      const [target] = await lockAll(tx, actor, scope, [id]);
      if (target.version !== version) throw badRequest(STALE_VERSION_MSG);
      const values: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(fields)) if (v !== undefined) values[k] = v;
      if (typeof values.phone === 'string') values.phone = phoneToStore(values.phone, target.phone);
      if (!(await userRepo.updateAtVersion(tx, scope, id, version, values, actor.userId))) throw badRequest(STALE_VERSION_MSG);
    });
    return (await userRepo.findById(db, scope, id))!;
  },

  /** changeAccount: renames the account, unique per tenant whatever the case. */
  async changeAccount(db: Db, actor: Actor, input: ChangeAccount): Promise<UserRow> {
    const scope = await scopeOf(db, actor);
    try {
      await db.transaction().execute(async (tx) => {
        const [target] = await lockAll(tx, actor, scope, [input.id]);
        if (target.version !== input.version) throw badRequest(STALE_VERSION_MSG);
        if (await userRepo.accountTaken(tx, actor.tenantId, input.account, input.id)) throw badRequest(USER_MSG.accountExists);
        if (!(await userRepo.updateAtVersion(tx, scope, input.id, input.version, { account: input.account }, actor.userId)))
          throw badRequest(STALE_VERSION_MSG);
      });
    } catch (err) {
      mapUnique(err);
    }
    return (await userRepo.findById(db, scope, input.id))!;
  },

  /**
   * The same change on a selection of users, all or nothing: every id must be in scope (else 404) and
   * of at most the actor's rank (else 403). `revoke` ends the users' sessions in the same transaction.
   */
  async batch(
    db: Db,
    actor: Actor,
    ids: string[],
    values: Record<string, unknown>,
    opts: { revoke?: boolean; notSelf?: string; action?: AccountAction } = {},
  ): Promise<number> {
    if (opts.notSelf && ids.includes(actor.userId)) throw badRequest(opts.notSelf);
    const scope = await scopeOf(db, actor);
    return db.transaction().execute(async (tx) => {
      const targets = await lockAll(tx, actor, scope, ids);
      if (opts.action) await assertAccountAction(tx, actor, opts.action, targets);
      const n = await userRepo.updateMany(tx, scope, ids, values, actor.userId);
      if (opts.revoke) await userSessionRepo.revokeSessions(tx, ids);
      return n;
    });
  },

  remove: (db: Db, actor: Actor, ids: string[]) => userService.batch(db, actor, ids, { isDeleted: 1 }, { revoke: true, notSelf: USER_MSG.removeSelf }),
  disable: (db: Db, actor: Actor, ids: string[]) =>
    userService.batch(db, actor, ids, { status: 0 }, { revoke: true, notSelf: USER_MSG.disableSelf, action: 'disable' }),
  enable: (db: Db, actor: Actor, ids: string[]) => userService.batch(db, actor, ids, { status: 1 }, { action: 'enable' }),
  unlock: (db: Db, actor: Actor, ids: string[]) => userService.batch(db, actor, ids, { loginFailCount: 0, lockedUntil: null }, { action: 'unlock' }),
  setAddressBook: (db: Db, actor: Actor, ids: string[], isAddressBook: number) => userService.batch(db, actor, ids, { isAddressBook }),

  /** grant: replaces the users' roles in one transaction; their sessions end so the new roles apply at the next sign-on. */
  async grant(db: Db, actor: Actor, userIds: string[], roleIds: string[]): Promise<void> {
    const scope = await scopeOf(db, actor);
    await db.transaction().execute(async (tx) => {
      await lockAll(tx, actor, scope, userIds); // users outside the scope: 404 before anything else
      await grantableRoles(tx, actor, scope, roleIds);
      await userRepo.replaceRoles(tx, userIds, roleIds);
      await userRepo.updateMany(tx, scope, userIds, {}, actor.userId);
      await userSessionRepo.revokeSessions(tx, userIds, actor.chainId);
    });
  },

  /** changeUserSeq: one user's or a reordered list's seq, in one transaction. */
  async changeSeq(db: Db, actor: Actor, items: Array<{ id: string; seq: number }>): Promise<void> {
    const ids = [...new Set(items.map((i) => i.id))];
    if (ids.length !== items.length) throw badRequest('排序数据中有重复的用户');
    const scope = await scopeOf(db, actor);
    await db.transaction().execute(async (tx) => {
      await lockAll(tx, actor, scope, ids);
      for (const item of items) await userRepo.updateMany(tx, scope, [item.id], { seq: item.seq }, actor.userId);
    });
  },
};
