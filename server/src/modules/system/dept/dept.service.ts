import { DEPT_MSG, STALE_VERSION_MSG, VERSION_REQUIRED_MSG, type DeptSubmit } from '@gsl/contract';
import type { Db } from '../../../db/connection.js';
import type { Actor } from '../../../platform/access/actor.js';
import { assertGranted } from '../../../platform/access/grants.js';
import { resolveScope, type DataScope } from '../../../platform/access/scope.js';
import { dbErrorCode, violatedConstraint } from '../../../platform/http/db-errors.js';
import { badRequest, notFound } from '../../../platform/http/errors.js';
import { deptRepo, type DeptRow, type DeptValues } from './dept.repo.js';
import { namedFields } from '../../../platform/http/update-fields.js';

const ROOT = '0';
/** Data-scope resource of depts (blade_scope_data.resource_code). */
export const DEPT_RESOURCE = 'dept';

export const deptScope = (db: Db, actor: Actor) => resolveScope(db, actor, DEPT_RESOURCE);

/**
 * Dept rules: ancestors / id_path maintained on insert and on a move (the whole subtree in
 * the same transaction); no move under itself or a descendant; names unique under one parent;
 * versioned updates; removal refused while child depts or users remain; everything limited to the
 * tenant and to the actor's data scope (out of scope answers 404).
 */
export const deptService = {
  async submit(db: Db, actor: Actor, input: DeptSubmit): Promise<{ row: DeptRow; created: boolean }> {
    await assertGranted(db, actor, input.id ? 'dept_edit' : 'dept_add');
    const scope = await deptScope(db, actor);
    const tenantId = actor.tenantId;
    const values: DeptValues = {
      deptName: input.deptName,
      fullName: input.fullName,
      deptCategory: input.deptCategory,
      sort: input.sort,
      unionId: input.unionId || null,
      regionCode: input.regionCode || null,
      regionLevel: input.regionLevel ?? null,
      chamberType: input.chamberType ?? null,
      status: input.status ?? 1,
      remark: input.remark ?? null,
    };
    // An update writes only what it names: a client that does not know unionId cannot clear the org's scope key.
    const patch = namedFields(values, input);
    try {
      const id = await db.transaction().execute(async (tx) => {
        if (!input.id) {
          const parentId = normaliseParent(input.parentId) ?? ROOT;
          await deptRepo.lockTree(tx, tenantId, 'shared');
          const parent = parentId === ROOT ? null : await deptRepo.lock(tx, tenantId, scope, parentId, 'share');
          if (parentId !== ROOT && !parent) throw notFound(DEPT_MSG.parentMissing);
          const id = await deptRepo.nextId(tx);
          const ancestors = parent ? `${parent.ancestors},${parent.id}` : ROOT;
          await deptRepo.insert(tx, {
            ...values,
            id,
            tenantId,
            parentId,
            ancestors,
            idPath: `${ancestors},${id},`,
            createUser: actor.userId,
            createDept: actor.deptId,
          });
          await assertStillInScope(tx, tenantId, scope, id);
          return id;
        }

        if (input.version === undefined) throw badRequest(VERSION_REQUIRED_MSG);
        const current = await deptRepo.findById(tx, tenantId, scope, input.id);
        if (!current) throw notFound();
        const parentId = normaliseParent(input.parentId) ?? current.parentId;
        if (parentId === current.parentId) {
          // Same place: paths do not change, so no tree lock; the version guards the row.
          // Paths are not written: a concurrent move of an ancestor may just have rewritten them.
          const ok = await deptRepo.updateAtVersion(tx, tenantId, scope, input.id, input.version, { ...patch, updateUser: actor.userId });
          if (!ok) throw badRequest(STALE_VERSION_MSG);
          return input.id;
        }

        // A move: tree lock first, then the rows, then the dept and its whole subtree.
        await deptRepo.lockTree(tx, tenantId, 'exclusive');
        const dept = await deptRepo.lock(tx, tenantId, scope, input.id, 'update');
        if (!dept) throw notFound();
        if (dept.version !== input.version) throw badRequest(STALE_VERSION_MSG);
        let parent: DeptRow | undefined;
        if (parentId !== ROOT) {
          parent = await deptRepo.lock(tx, tenantId, scope, parentId, 'share');
          if (!parent) throw notFound(DEPT_MSG.parentMissing);
          if (parent.idPath.startsWith(dept.idPath)) throw badRequest(DEPT_MSG.parentSelf);
        }
        const ancestors = parent ? `${parent.ancestors},${parent.id}` : ROOT;
        const idPath = `${ancestors},${dept.id},`;
        const ok = await deptRepo.updateAtVersion(tx, tenantId, scope, dept.id, input.version, {
          ...patch,
          parentId,
          ancestors,
          idPath,
          updateUser: actor.userId,
        });
        if (!ok) throw badRequest(STALE_VERSION_MSG);
        await deptRepo.movePaths(tx, tenantId, dept.id, dept.idPath, idPath);
        await assertStillInScope(tx, tenantId, scope, dept.id);
        return dept.id;
      });
      return { row: (await deptRepo.findById(db, tenantId, scope, id))!, created: !input.id };
    } catch (err) {
      if (dbErrorCode(err) === '23505') {
        const c = violatedConstraint(err);
        if (c === 'uk_dept_parent_name') throw badRequest(DEPT_MSG.nameExists);
        if (c === 'uk_dept_union') throw badRequest(DEPT_MSG.unionExists);
      }
      throw err;
    }
  },

  /** Soft-deletes the depts together, or none: every id must be visible; no child dept may be left behind; no user may remain. */
  async remove(db: Db, actor: Actor, ids: string[]): Promise<void> {
    const scope = await deptScope(db, actor);
    await db.transaction().execute(async (tx) => {
      const found = await deptRepo.lockMany(tx, actor.tenantId, scope, ids);
      if (found.length !== ids.length) throw notFound();
      if (await deptRepo.orphanedChildren(tx, actor.tenantId, ids)) throw badRequest(DEPT_MSG.hasChildren);
      if (await deptRepo.usersIn(tx, ids)) throw badRequest(DEPT_MSG.hasUsers);
      await deptRepo.softDelete(tx, actor.tenantId, ids, actor.userId);
    });
  },
};

/** '' and '0' mean the top level; absent (undefined / null) means "not given". */
function normaliseParent(parentId: string | null | undefined): string | undefined {
  if (parentId === undefined || parentId === null) return undefined;
  return parentId === '' || /^0+$/.test(parentId) ? ROOT : parentId;
}

/**
 * The dept, at its new place, must still be one the actor may see (a federation worker cannot put a
 * dept outside his own subtree, nor create a top-level one).
 */
async function assertStillInScope(tx: Db, tenantId: string, scope: DataScope, id: string) {
  if (!(await deptRepo.isVisible(tx, tenantId, scope, id))) throw badRequest(DEPT_MSG.outOfScope);
}
