import { DICT_MSG, DICT_ROOT_KEY, STALE_VERSION_MSG, VERSION_REQUIRED_MSG, type DictSubmit } from '@gsl/contract';
import type { Db } from '../../../db/connection.js';
import type { Actor } from '../../../platform/access/actor.js';
import { assertGranted } from '../../../platform/access/grants.js';
import { dbErrorCode, violatedConstraint } from '../../../platform/http/db-errors.js';
import { badRequest, notFound } from '../../../platform/http/errors.js';
import type { DictKind } from './dict.kind.js';
import { dictRepo, type DictRow } from './dict.repo.js';

const ROOT = '0';

/**
 * Dictionary rules: a root row per code (key -1); items take their parent's code and
 * need a key unique within the code; a root's new code carries over to its items; a node cannot
 * move under itself; deleting a node with children is refused; updates are versioned.
 */
export const dictService = {
  async submit(db: Db, kind: DictKind, actor: Actor, input: DictSubmit): Promise<{ row: DictRow; created: boolean }> {
    await assertGranted(db, actor, `${kind.menu}_${input.id ? 'edit' : 'add'}`);
    const parentId = input.parentId && input.parentId !== ROOT ? input.parentId : ROOT;
    try {
      const id = await db.transaction().execute(async (tx) => {
        let code = input.code;
        let dictKey = DICT_ROOT_KEY;
        if (parentId !== ROOT) {
          const parent = await dictRepo.findById(tx, kind, actor.tenantId, parentId);
          if (!parent) throw badRequest(DICT_MSG.parentMissing);
          if (input.id && (await isSelfOrBelow(tx, kind, actor.tenantId, parentId, input.id))) throw badRequest(DICT_MSG.parentSelf);
          code = parent.code;
          if (!input.dictKey) throw badRequest(DICT_MSG.keyRequired);
          dictKey = input.dictKey;
        }
        const values = { parentId, code, dictKey, dictValue: input.dictValue, sort: input.sort, isSealed: input.isSealed, remark: input.remark ?? null };
        if (!input.id) return dictRepo.insert(tx, kind, actor.tenantId, values);
        if (input.version === undefined) throw badRequest(VERSION_REQUIRED_MSG);
        const before = await dictRepo.findById(tx, kind, actor.tenantId, input.id);
        if (!before) throw notFound();
        const updated = await dictRepo.updateAtVersion(tx, kind, actor.tenantId, input.id, input.version, {
          ...values,
          ...(input.remark === undefined ? { remark: before.remark } : {}),
        });
        if (!updated) throw badRequest(STALE_VERSION_MSG);
        if (before.parentId === ROOT && parentId === ROOT && before.code !== code) await dictRepo.renameItems(tx, kind, actor.tenantId, before.code, code);
        return updated;
      });
      return { row: (await dictRepo.findById(db, kind, actor.tenantId, id))!, created: !input.id };
    } catch (err) {
      if (dbErrorCode(err) === '23505') {
        const c = violatedConstraint(err);
        if (c === kind.rootConstraint) throw badRequest(DICT_MSG.rootExists);
        if (c === kind.keyConstraint) throw badRequest(DICT_MSG.keyExists);
      }
      throw err;
    }
  },

  async remove(db: Db, kind: DictKind, actor: Actor, ids: string[]): Promise<void> {
    await db.transaction().execute(async (tx) => {
      if (await dictRepo.orphanedChildren(tx, kind, actor.tenantId, ids)) throw badRequest(DICT_MSG.hasChildren);
      const removed = await dictRepo.softDelete(tx, kind, actor.tenantId, ids);
      if (!removed) throw notFound();
    });
  },
};

/** Is `candidate` the node itself or one of its descendants? (walks up from the candidate) */
async function isSelfOrBelow(db: Db, kind: DictKind, tenantId: string, candidate: string, nodeId: string): Promise<boolean> {
  let current: string | undefined = candidate;
  for (let depth = 0; current && current !== ROOT && depth < 64; depth++) {
    if (current === nodeId) return true;
    current = (await dictRepo.findById(db, kind, tenantId, current))?.parentId;
  }
  return false;
}
