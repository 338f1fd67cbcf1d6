import { POST_DEFAULT_TENANT, POST_MSG, STALE_VERSION_MSG, VERSION_REQUIRED_MSG, type PostSubmit } from '@gsl/contract';
import type { Db } from '../../../db/connection.js';
import type { Actor } from '../../../platform/access/actor.js';
import { assertGranted } from '../../../platform/access/grants.js';
import { dbErrorCode, violatedConstraint } from '../../../platform/http/db-errors.js';
import { badRequest, forbidden, notFound } from '../../../platform/http/errors.js';
import { postRepo, type PostRow } from './post.repo.js';

/** The tenants whose posts an actor sees: his own and the platform defaults (000000). */
export const postTenants = (tenantId: string) => [...new Set([tenantId, POST_DEFAULT_TENANT])];

/** A default post (tenant 000000) may be changed only by a platform administrator (or from tenant 000000 itself). */
const mayChange = (actor: Actor, row: { tenantId: string }) => row.tenantId === actor.tenantId || actor.isAdministrator;

export const REFUSE_POST_IN_USE = '该岗位下存在用户,无法删除';

/**
 * Posts (岗位管理): tenant-owned, with the platform's default posts visible to every tenant; post_code
 * unique within a tenant and not shadowing a default; versioned updates; a post users hold cannot go.
 */
export const postService = {
  async submit(db: Db, actor: Actor, input: PostSubmit): Promise<{ row: PostRow; created: boolean }> {
    await assertGranted(db, actor, input.id ? 'post_edit' : 'post_add');
    const tenants = postTenants(actor.tenantId);
    const values = { category: input.category, postCode: input.postCode, postName: input.postName, sort: input.sort, remark: input.remark ?? null };
    try {
      if (!input.id) {
        if (await postRepo.codeTaken(db, tenants, input.postCode)) throw badRequest(POST_MSG.codeExists);
        return { row: await postRepo.insert(db, { ...values, tenantId: actor.tenantId, createUser: actor.userId, createDept: actor.deptId }), created: true };
      }
      if (input.version === undefined) throw badRequest(VERSION_REQUIRED_MSG);
      const current = await postRepo.findById(db, tenants, input.id);
      if (!current) throw notFound();
      if (!mayChange(actor, current)) throw forbidden(POST_MSG.defaultsReadOnly);
      if (await postRepo.codeTaken(db, postTenants(current.tenantId), input.postCode, input.id)) throw badRequest(POST_MSG.codeExists);
      const row = await postRepo.updateAtVersion(db, current.tenantId, input.id, input.version, { ...values, updateUser: actor.userId });
      if (!row) throw badRequest(STALE_VERSION_MSG);
      return { row, created: false };
    } catch (err) {
      if (dbErrorCode(err) === '23505' && violatedConstraint(err) === 'uk_post_code') throw badRequest(POST_MSG.codeExists);
      throw err;
    }
  },

  /** All the ids or none: each must be visible (else 404) and changeable by the actor; none may be held by a user. */
  async remove(db: Db, actor: Actor, ids: string[]): Promise<void> {
    await db.transaction().execute(async (tx) => {
      const found = await postRepo.findMany(tx, postTenants(actor.tenantId), ids);
      if (found.length !== ids.length) throw notFound();
      if (!found.every((r) => mayChange(actor, r))) throw forbidden(POST_MSG.defaultsReadOnly);
      if (await postRepo.usersHolding(tx, ids)) throw badRequest(REFUSE_POST_IN_USE);
      await postRepo.softDelete(tx, ids, actor.userId);
    });
  },
};
