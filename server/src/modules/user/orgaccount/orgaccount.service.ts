import {
  ORG_ACCOUNT_MSG,
  STALE_VERSION_MSG,
  USER_MSG,
  type OrgAccountAdd,
  type OrgAccountTag,
  type OrgAccountUpdate,
  type PasswordDelivery,
} from '@gsl/contract';
import type { Db } from '../../../db/connection.js';
import type { Actor } from '../../../platform/access/actor.js';
import type { DataScope } from '../../../platform/access/scope.js';
import { hashPassword } from '../../../platform/auth/password.js';
import { dbErrorCode, violatedConstraint } from '../../../platform/http/db-errors.js';
import { badRequest, notFound } from '../../../platform/http/errors.js';
import { assertAccountQuota } from '../../system/tenant/tenant.service.js';
import { assertAccountAction } from '../account-access.js';
import { userRepo, type DeptRow, type UserRow } from '../user.repo.js';
import { grantableRoles, lockAll, randomPassword } from '../user.rules.js';
import { phoneToStore, scopeOf } from '../user.service.js';
import { userSessionRepo } from '../user-session.repo.js';
import type { InitialPasswordDelivery } from './orgaccount.delivery.js';

const splitIds = (list: string) => [...new Set(list.split(',').filter(Boolean))];
const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));

/**
 * Which orgs an account of each profile tag belongs to: federation staff (aoc) to a federation or its
 * offices (机构类型 工商联 / 办事机构), chamber staff (coc) to a chamber or an association.
 */
const TAG_OF_CATEGORY: Record<number, OrgAccountTag> = { 1: 'aoc', 4: 'aoc', 2: 'coc', 3: 'coc' };

function assertOrgKind(tag: OrgAccountTag, dept: DeptRow): void {
  if (TAG_OF_CATEGORY[dept.deptCategory] !== tag) throw badRequest(tag === 'aoc' ? ORG_ACCOUNT_MSG.notFederation : ORG_ACCOUNT_MSG.notChamber);
}

/** The org of a write: a live dept of the tenant inside the user data scope, else 404 (as another org's account). */
async function deptOrNotFound(db: Db, scope: DataScope, deptId: string): Promise<DeptRow> {
  const dept = await userRepo.deptInScope(db, scope, deptId);
  if (!dept) throw notFound();
  return dept;
}

function mapUnique(err: unknown): never {
  if (dbErrorCode(err) === '23505' && violatedConstraint(err) === 'uk_user_account') throw badRequest(USER_MSG.accountExists);
  throw err;
}

/** How the initial password goes out: as asked, else SMS when there is a phone, e-mail when there is an address, else shown once. */
export function deliveryOf(input: Pick<OrgAccountAdd, 'passwordDelivery' | 'phone' | 'email'>): PasswordDelivery {
  const chosen = input.passwordDelivery ?? (input.phone ? 'sms' : input.email ? 'email' : 'show');
  if (chosen === 'sms' && !input.phone) throw badRequest(ORG_ACCOUNT_MSG.phoneForSms);
  if (chosen === 'email' && !input.email) throw badRequest(ORG_ACCOUNT_MSG.emailForMail);
  return chosen;
}

/**
 * 我的组织's account calls (specification §7 "Users": userProfile/detail, aoc/add, coc/add, update) on the
 * user module's repository and rules: the user data scope (out of it: 404), the account's rank, roles
 * the manager may grant within his own grants (grant-ceiling.ts), and the screens' buttons per profile tag.
 */
export function orgAccountService(delivery: InitialPasswordDelivery) {
  return {
    /** userProfile/detail: one account of the scope (404 otherwise). */
    async detail(db: Db, actor: Actor, userId: string): Promise<UserRow> {
      const row = await userRepo.findById(db, await scopeOf(db, actor), userId);
      if (!row) throw notFound();
      return row;
    },

    /**
     * aoc/add, coc/add: a new account of an org in scope with roles the manager may grant. The server
     * issues the password (12 characters, letters and digits), stores only its hash, marks the account
     * to change it at the first sign-on, and answers it once or sends it by SMS / e-mail through the outbox.
     */
    async add(db: Db, actor: Actor, tag: OrgAccountTag, input: OrgAccountAdd): Promise<{ row: UserRow; delivery: PasswordDelivery; password: string | null }> {
      const scope = await scopeOf(db, actor);
      const dept = await deptOrNotFound(db, scope, input.deptId);
      assertOrgKind(tag, dept);
      const roleIds = splitIds(input.roleIds);
      await grantableRoles(db, actor, scope, roleIds);
      const channel = deliveryOf(input);
      if (await userRepo.accountTaken(db, actor.tenantId, input.account)) throw badRequest(USER_MSG.accountExists);
      const password = randomPassword();
      const passwordHash = await hashPassword(password); // slow: before the transaction
      let id = '';
      try {
        id = await db.transaction().execute(async (tx) => {
          await assertAccountQuota(tx, actor.tenantId);
          const row = await userRepo.insert(tx, {
            tenantId: actor.tenantId,
            account: input.account,
            passwordHash,
            realName: input.realName,
            name: input.name ?? null,
            phone: input.phone ?? null,
            email: input.email ?? null,
            avatar: null,
            sex: input.sex ?? null,
            birthday: input.birthday ?? null,
            code: input.code ?? null,
            deptId: dept.id,
            postId: input.postId ?? null,
            profileTag: tag,
            seq: input.seq ?? 0,
            isAddressBook: input.isAddressBook ?? 0,
            passwordResetRequired: 1,
            createUser: actor.userId,
            createDept: actor.deptId,
          });
          await userRepo.insertRoles(
            tx,
            roleIds.map((roleId) => ({ userId: row.id, roleId })),
          );
          if (channel !== 'show')
            await delivery.enqueue(tx, actor.tenantId, channel, {
              deptId: dept.id,
              orgName: dept.fullName || dept.deptName,
              account: input.account,
              to: channel === 'sms' ? input.phone! : input.email!,
              password,
            });
          return row.id;
        });
      } catch (err) {
        mapUnique(err);
      }
      return { row: (await userRepo.findById(db, scope, id))!, delivery: channel, password: channel === 'show' ? password : null };
    },

    /**
     * update: the fields given at the version read. A new org must be in scope and of the account's kind;
     * new roles must be the manager's to give; a role change ends the account's sessions.
     */
    async update(db: Db, actor: Actor, input: OrgAccountUpdate): Promise<UserRow> {
      const scope = await scopeOf(db, actor);
      // The record first: outside the scope it is 404, whatever else the body holds.
      if (!(await userRepo.findById(db, scope, input.id))) throw notFound();
      const { id, version, roleIds: roleList, deptId, ...fields } = input;
      try {
        await db.transaction().execute(async (tx) => {
          const [target] = await lockAll(tx, actor, scope, [id]);
          await assertAccountAction(tx, actor, 'edit', [target]);
          if (target.version !== version) throw badRequest(STALE_VERSION_MSG);
          const values: Record<string, unknown> = {};
          for (const [k, v] of Object.entries(fields)) if (v !== undefined) values[k] = v;
          if (typeof values.phone === 'string') values.phone = phoneToStore(values.phone, target.phone);
          if (deptId !== undefined && deptId !== String(target.deptId)) {
            const dept = await userRepo.deptInScope(tx, scope, deptId);
            if (!dept) throw badRequest(USER_MSG.deptOutOfScope);
            if (target.profileTag === 'aoc' || target.profileTag === 'coc') assertOrgKind(target.profileTag, dept);
            values.deptId = dept.id;
          }
          const held = target.roleIds ? target.roleIds.split(',') : [];
          const newRoles = roleList === undefined ? null : splitIds(roleList);
          const roleIds = newRoles && !sameSet(newRoles, held) ? newRoles : null;
          // Roles the account already holds may stay; each added one must be the manager's to give.
          const added = roleIds ? roleIds.filter((r) => !held.includes(r)) : [];
          if (added.length) await grantableRoles(tx, actor, scope, added);
          if (!(await userRepo.updateAtVersion(tx, scope, id, version, values, actor.userId))) throw badRequest(STALE_VERSION_MSG);
          if (roleIds) {
            await userRepo.replaceRoles(tx, [id], roleIds);
            await userSessionRepo.revokeSessions(tx, [id], actor.chainId);
          }
        });
      } catch (err) {
        mapUnique(err);
      }
      return (await userRepo.findById(db, scope, id))!;
    },
  };
}
