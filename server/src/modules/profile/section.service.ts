import { PROFILE_MSG, STALE_VERSION_MSG, VERSION_REQUIRED_MSG } from '@gsl/contract';
import type { Db } from '../../db/connection.js';
import type { Actor } from '../../platform/access/actor.js';
import type { PersonalDataCipher } from '../../platform/audit/personal-data.js';
import { dbErrorCode, violatedConstraint } from '../../platform/http/db-errors.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import { columnValues, decrypt, type Row } from './profile.codec.js';
import { profileScope } from './profile.access.js';
import { findParent, sectionRepo } from './profile.repo.js';
import type { SectionDef } from './profile.defs.js';

/** Rows of one section per parent are few (a resume, a shareholder list); this bounds a hostile parent. */
const MAX_ROWS = 1000;

type Input = Record<string, unknown> & { id?: string; version?: number };

/** Rules across the fields of one row, and across the rows of one parent. */
async function checkRow(tx: Db, def: SectionDef, parentId: string, merged: Record<string, unknown>, exceptId?: string) {
  const { startDate, endDate } = merged as { startDate?: string | null; endDate?: string | null };
  if (startDate && endDate && endDate < startDate) throw badRequest(PROFILE_MSG.endBeforeStart);
  if (def.key === 'memberstat') {
    const parts = ['enterprise', 'group', 'person'].reduce((s, k) => s + Number(merged[k] ?? 0), 0);
    if (merged.total !== null && merged.total !== undefined && Number(merged.total) < parts) throw badRequest(PROFILE_MSG.totalTooSmall);
  }
  if (def.key === 'equity') {
    // The parent row is locked by the caller, so concurrent shareholders of one enterprise are serialised.
    const others = await sectionRepo(def).ratioTotal(tx, parentId, exceptId);
    if (Math.round((others + Number(merged.ratio ?? 0)) * 10000) > 100 * 10000) throw badRequest(PROFILE_MSG.equityOver);
  }
}

export function sectionService(def: SectionDef, db: Db, cipher: () => Promise<PersonalDataCipher>) {
  const repo = sectionRepo(def);
  const fieldNames = Object.keys(def.fields);
  const read = (q: Db, ids: string[] | null, parentId: string | null, tenantId: string) => repo.rows(q, tenantId, ids, parentId, MAX_ROWS);

  return {
    /** Every row of the parent, when the actor may read the parent (else 404). */
    async list(actor: Actor, parentId: string): Promise<Row[]> {
      const scope = await profileScope(db, actor);
      if (!(await findParent(db, def.parent, actor, scope, parentId, 'read'))) throw notFound();
      const c = await cipher();
      return (await read(db, null, parentId, actor.tenantId)).map((r) => decrypt(def.fields, r, c));
    },

    /** Insert without id, update with id at its version; the parent must be writable by the actor. */
    async submit(actor: Actor, parentId: string, input: Input): Promise<{ row: Row; created: boolean }> {
      const scope = await profileScope(db, actor);
      const c = await cipher();
      const values = columnValues(def.fields, input, c, !!input.id);
      if (input.id && input.version === undefined) throw badRequest(VERSION_REQUIRED_MSG);
      try {
        const id = await db.transaction().execute(async (tx) => {
          const parent = await findParent(tx, def.parent, actor, scope, parentId, 'write', true);
          if (!parent) throw notFound();
          if (!input.id) {
            await checkRow(tx, def, parentId, input);
            return repo.insert(tx, {
              ...values,
              tenantId: actor.tenantId,
              parentId,
              deptId: parent.deptId,
              createUser: actor.userId,
              createDept: actor.deptId,
              updateUser: actor.userId,
            });
          }
          const [current] = await read(tx, [input.id], parentId, actor.tenantId);
          if (!current) throw notFound();
          const merged: Record<string, unknown> = { ...current };
          for (const n of fieldNames) if (input[n] !== undefined) merged[n] = input[n];
          await checkRow(tx, def, parentId, merged, input.id);
          if (!(await repo.updateAtVersion(tx, input.id, input.version!, { ...values, updateUser: actor.userId }))) throw badRequest(STALE_VERSION_MSG);
          return input.id;
        });
        const [row] = await read(db, [id], null, actor.tenantId);
        return { row: decrypt(def.fields, row, c), created: !input.id };
      } catch (err) {
        if (dbErrorCode(err) === '23505' && violatedConstraint(err)?.startsWith('uk_')) throw badRequest(PROFILE_MSG.yearExists);
        throw err;
      }
    },

    /** Removes every id or none: a row outside the scope (or gone, or under a private person of another) is 404. */
    async remove(actor: Actor, ids: string[]): Promise<number> {
      const scope = await profileScope(db, actor);
      return db.transaction().execute(async (tx) => {
        const found = await repo.lockWritable(tx, actor, scope, ids);
        if (found.length !== ids.length) throw notFound();
        return repo.softDelete(tx, ids, actor.userId);
      });
    },
  };
}
