import { PARAM_MSG, STALE_VERSION_MSG, VERSION_REQUIRED_MSG, type ParamSubmit } from '@gsl/contract';
import type { Db } from '../../../db/connection.js';
import type { Actor } from '../../../platform/access/actor.js';
import { assertGranted } from '../../../platform/access/grants.js';
import { dbErrorCode, violatedConstraint } from '../../../platform/http/db-errors.js';
import { badRequest, notFound } from '../../../platform/http/errors.js';
import { paramRepo, type ParamRow } from './param.repo.js';

/** Parameters are platform settings: one list for the whole installation (BladeX's blade_param). */
export const paramService = {
  /** BladeX submit: inserts without id (param_add), updates with id at its version (param_edit). */
  async submit(db: Db, actor: Actor, input: ParamSubmit): Promise<{ row: ParamRow; created: boolean }> {
    const values = { paramName: input.paramName, paramKey: input.paramKey, paramValue: input.paramValue, remark: input.remark ?? null };
    try {
      if (!input.id) {
        await assertGranted(db, actor, 'param_add');
        return { row: await paramRepo.insert(db, { ...values, createUser: actor.userId, createDept: actor.deptId }), created: true };
      }
      await assertGranted(db, actor, 'param_edit');
      if (input.version === undefined) throw badRequest(VERSION_REQUIRED_MSG);
      const row = await paramRepo.updateAtVersion(db, input.id, input.version, { ...values, updateUser: actor.userId });
      if (row) return { row, created: false };
      if (!(await paramRepo.findById(db, input.id))) throw notFound();
      throw badRequest(STALE_VERSION_MSG);
    } catch (err) {
      if (dbErrorCode(err) === '23505' && violatedConstraint(err) === 'uk_param_key') throw badRequest(PARAM_MSG.keyExists);
      throw err;
    }
  },

  async remove(db: Db, actor: Actor, ids: string[]): Promise<number> {
    const removed = await paramRepo.softDelete(db, ids, actor.userId);
    if (!removed) throw notFound();
    return removed;
  },
};
