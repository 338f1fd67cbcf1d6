import { STALE_VERSION_MSG, VERSION_REQUIRED_MSG, type VersionLogSubmit } from '@gsl/contract';
import type { Db } from '../../../db/connection.js';
import type { Actor } from '../../../platform/access/actor.js';
import { assertGranted } from '../../../platform/access/grants.js';
import { dbErrorCode } from '../../../platform/http/db-errors.js';
import { badRequest, notFound } from '../../../platform/http/errors.js';
import { versionLogRepo, type VersionLogRow } from './versionlog.repo.js';

/** Administrators write the version update log; every user reads it. */
export const versionLogService = {
  /** Inserts without id (versionupdatelog_add) or updates at the version read (versionupdatelog_edit); a version number is unique. */
  async submit(db: Db, actor: Actor, input: VersionLogSubmit): Promise<{ row: VersionLogRow; created: boolean }> {
    await assertGranted(db, actor, input.id ? 'versionupdatelog_edit' : 'versionupdatelog_add');
    const values = {
      versionNo: input.versionNo,
      title: input.title,
      content: input.content,
      updateType: input.updateType,
      ...(input.publishTime ? { publishTime: input.publishTime } : {}),
      updateUser: actor.userId,
    };
    try {
      let id: string;
      if (!input.id) {
        id = await versionLogRepo.insert(db, { ...values, createDept: actor.deptId });
      } else {
        if (input.version === undefined) throw badRequest(VERSION_REQUIRED_MSG);
        if (!(await versionLogRepo.updateAtVersion(db, input.id, input.version, values)))
          throw (await versionLogRepo.findById(db, input.id)) ? badRequest(STALE_VERSION_MSG) : notFound();
        id = input.id;
      }
      const row = await versionLogRepo.findById(db, id);
      if (!row) throw notFound();
      return { row, created: !input.id };
    } catch (err) {
      if (dbErrorCode(err) === '23505') throw badRequest('该版本号已存在');
      throw err;
    }
  },

  async remove(db: Db, ids: string[]): Promise<void> {
    if (!(await versionLogRepo.softDelete(db, ids))) throw notFound();
  },
};
