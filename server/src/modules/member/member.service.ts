import {
  MEMBER_MSG,
  STALE_VERSION_MSG,
  certProblem,
  idCardBirthDate,
  idCardGender,
  isMaskedCert,
  MASKED_MOBILE_RE,
  type MemberUpdateAll,
  type PageQuery,
} from '@gsl/contract';
import type { Db } from '../../db/connection.js';
import type { Actor } from '../../platform/access/actor.js';
import { resolveScope, type DataScope } from '../../platform/access/scope.js';
import { changeLog } from '../../platform/audit/change-log.js';
import type { PersonalDataCipher } from '../../platform/audit/personal-data.js';
import { dbErrorCode, violatedConstraint } from '../../platform/http/db-errors.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import { MEMBER_RESOURCE, type MemberKindDef } from './member.kinds.js';
import { memberRepo, type MemberRow, type PageExtras } from './member.repo.js';
import { representativeRepo, type RepresentedKind } from './representative.repo.js';

/** Orgs that may own members: federations (1), chambers (2), associations (3). */
export const OWNER_CATEGORIES = [1, 2, 3];
/** Orgs a group member may stand for: chambers and associations. */
export const GROUP_ORG_CATEGORIES = [2, 3];

export interface MemberDeps {
  db: Db;
  cipher: () => Promise<PersonalDataCipher>;
}

/** The row with its personal data decrypted under the API names (for views and the change history). */
export function plainRow(kind: MemberKindDef, row: MemberRow, cipher: PersonalDataCipher): MemberRow {
  const out: MemberRow = { ...row };
  for (const s of kind.sensitive) {
    const enc = row[s.enc] as string | null;
    out[s.field] = enc ? cipher.decrypt(enc) : null;
    delete out[s.enc];
  }
  return out;
}

/**
 * Person rules across fields (save, update and import check the same): the number against its type,
 * and for an identity card the birth date and gender it carries. The first problem, or null.
 */
export function personProblem(merged: Record<string, unknown>): { field: 'certNo' | 'birthDate' | 'gender'; message: string } | null {
  const certType = Number(merged.certType ?? 1);
  const certNo = String(merged.certNo ?? '');
  const problem = certProblem(certType, certNo);
  if (problem) return { field: 'certNo', message: problem };
  if (certType !== 1) return null;
  const birth = idCardBirthDate(certNo);
  if (merged.birthDate && merged.birthDate !== birth) return { field: 'birthDate', message: MEMBER_MSG.birthMismatch };
  if (merged.gender && merged.gender !== idCardGender(certNo)) return { field: 'gender', message: MEMBER_MSG.genderMismatch };
  return null;
}

/** A new person with an identity card gets the birth date and gender it carries when they are left empty. */
export function withIdCardDefaults<T extends Record<string, unknown>>(input: T): T {
  if (Number(input.certType ?? 1) !== 1) return input;
  const certNo = String(input.certNo);
  return { ...input, birthDate: input.birthDate ?? idCardBirthDate(certNo), gender: input.gender ?? idCardGender(certNo) };
}

function uniqueMessage(err: unknown): string | undefined {
  if (dbErrorCode(err) !== '23505') return undefined;
  const c = violatedConstraint(err);
  if (c === 'uk_member_ent_credit' || c === 'uk_member_grp_credit') return MEMBER_MSG.creditExists;
  if (c === 'uk_member_psn_cert') return MEMBER_MSG.certExists;
  if (c === 'uk_member_grp_org') return MEMBER_MSG.orgExists;
  return undefined;
}

/** The page's extras from its query: deptId (that org and below), exact search on personal data by keyed hash. */
export function pageExtras(kind: MemberKindDef, filters: Record<string, unknown>, cipher: PersonalDataCipher): PageExtras {
  const hashes: Array<{ column: string; hash: string }> = [];
  for (const s of kind.sensitive) {
    const v = filters[s.field];
    if (typeof v === 'string' && v.trim()) {
      if (v.length > 64) throw badRequest('查询条件过长');
      hashes.push({ column: s.hash, hash: cipher.hash(v) });
    }
  }
  const deptId = typeof filters.deptId === 'string' && filters.deptId ? filters.deptId : undefined;
  return { deptId, hashes };
}

export function memberService(kind: MemberKindDef, deps: MemberDeps) {
  const { db } = deps;
  const scopeOf = (actor: Actor) => resolveScope(db, actor, MEMBER_RESOURCE);

  /** Column values of the given API fields: plain columns as is, personal data encrypted and hashed. */
  async function columnsOf(input: Record<string, unknown>, before?: Record<string, unknown>): Promise<Record<string, unknown>> {
    const cipher = await deps.cipher();
    const out: Record<string, unknown> = {};
    for (const c of [...kind.columns, ...kind.dates]) if (input[c] !== undefined) out[c] = input[c];
    for (const s of kind.sensitive) {
      const v = input[s.field];
      if (v === undefined) continue;
      // The masked form a list showed comes back unchanged: keep the stored number.
      if (typeof v === 'string' && before && (MASKED_MOBILE_RE.test(v) || isMaskedCert(v))) continue;
      if (typeof v === 'string' && !before && (MASKED_MOBILE_RE.test(v) || (s.field === 'certNo' && isMaskedCert(v)))) throw badRequest('请输入完整的号码');
      out[s.enc] = v === null ? null : cipher.encrypt(String(v));
      out[s.hash] = v === null ? null : cipher.hash(String(v));
    }
    return out;
  }

  async function checkOwner(scope: DataScope, deptId: string) {
    const org = await memberRepo.findOrgInScope(db, scope, deptId, OWNER_CATEGORIES);
    if (!org) throw badRequest(MEMBER_MSG.deptNotFound);
  }

  /** Person rules across fields (personProblem): the number against its type, birth date and gender against an identity card. */
  function checkPerson(merged: Record<string, unknown>) {
    const problem = personProblem(merged);
    if (problem) throw badRequest(problem.message);
  }

  async function checkGroupOrg(scope: DataScope, orgDeptId: unknown) {
    if (orgDeptId && !(await memberRepo.findOrgInScope(db, scope, String(orgDeptId), GROUP_ORG_CATEGORIES))) throw badRequest(MEMBER_MSG.orgNotFound);
  }

  const service = {
    scopeOf,

    async page(actor: Actor, page: PageQuery, filters: Record<string, unknown>) {
      const scope = await scopeOf(actor);
      const cipher = await deps.cipher();
      const result = await memberRepo.page(db, kind, scope, page, filters, pageExtras(kind, filters, cipher));
      return { ...result, records: result.records.map((r) => plainRow(kind, r, cipher)) };
    },

    async detail(actor: Actor, id: string): Promise<MemberRow> {
      const row = await memberRepo.findById(db, kind, await scopeOf(actor), id);
      if (!row) throw notFound();
      return plainRow(kind, row, await deps.cipher());
    },

    async save(actor: Actor, input: Record<string, unknown>): Promise<MemberRow> {
      const scope = await scopeOf(actor);
      const deptId = (input.deptId as string | undefined) ?? actor.deptId;
      await checkOwner(scope, deptId);
      if (kind.kind === 'person') {
        checkPerson(input);
        input = withIdCardDefaults(input);
      }
      if (kind.kind === 'group') await checkGroupOrg(scope, input.orgDeptId);
      const values = await columnsOf(input);
      try {
        const id = await db.transaction().execute(async (tx) => {
          const newId = await memberRepo.insert(tx, kind, {
            ...values,
            tenantId: actor.tenantId,
            deptId,
            status: input.status ?? 1,
            createUser: actor.userId,
            createDept: actor.deptId,
            updateUser: actor.userId,
          });
          await changeLog.record(tx, actor, kind.tracked, { mode: 'insert', recordId: newId, recordName: String(input.name), deptId });
          return newId;
        });
        return service.detail(actor, id);
      } catch (err) {
        const msg = uniqueMessage(err);
        if (msg) throw badRequest(msg);
        throw err;
      }
    },

    /** Partial update at the version read; the change history gets one row per changed field. */
    async update(actor: Actor, input: Record<string, unknown> & { id: string; version: number }): Promise<MemberRow> {
      const scope = await scopeOf(actor);
      const cipher = await deps.cipher();
      const current = await memberRepo.findById(db, kind, scope, input.id);
      if (!current) throw notFound();
      if (current.version !== input.version) throw badRequest(STALE_VERSION_MSG);
      const before = plainRow(kind, current, cipher);
      if (input.deptId !== undefined && input.deptId !== before.deptId) await checkOwner(scope, input.deptId as string);
      if (kind.kind === 'group' && input.orgDeptId !== undefined && input.orgDeptId !== before.orgDeptId) await checkGroupOrg(scope, input.orgDeptId);
      if (kind.kind === 'person') {
        const merged: Record<string, unknown> = { ...before };
        for (const [key, v] of Object.entries(input)) if (v !== undefined && !(key === 'certNo' && isMaskedCert(String(v)))) merged[key] = v;
        checkPerson(merged);
      }
      const values = await columnsOf(input, before);
      if (input.deptId !== undefined) values.deptId = input.deptId;
      try {
        await db.transaction().execute(async (tx) => {
          const locked = await memberRepo.findById(tx, kind, scope, input.id, true);
          if (!locked) throw notFound();
          const ok = await memberRepo.updateAtVersion(tx, kind, input.id, input.version, { ...values, updateUser: actor.userId });
          if (!ok) throw badRequest(STALE_VERSION_MSG);
          if (values.deptId !== undefined && kind.hasRepresentatives && values.deptId !== locked.deptId) {
            await representativeRepo.moveWithMember(tx, kind.kind as RepresentedKind, input.id, values.deptId as string);
          }
          const after = await memberRepo.findById(tx, kind, { ...scope, rules: [{ type: 1 }] }, input.id);
          await changeLog.record(
            tx,
            actor,
            kind.tracked,
            { mode: 'update', recordId: input.id, recordName: after!.name, deptId: after!.deptId },
            { before: plainRow(kind, locked, cipher), after: plainRow(kind, after!, cipher) },
          );
        });
      } catch (err) {
        const msg = uniqueMessage(err);
        if (msg) throw badRequest(msg);
        throw err;
      }
      return service.detail(actor, input.id);
    },

    /**
     * Import: rows already checked (import's validation), inserted in ONE transaction with one insert
     * history row each, as save writes. Personal data is encrypted and hashed as on save.
     */
    async importMany(actor: Actor, rows: Array<Record<string, unknown> & { deptId: string }>): Promise<number> {
      const prepared: Array<Record<string, unknown>> = [];
      for (const input of rows) {
        const { deptId, ...fields } = input;
        prepared.push({
          ...(await columnsOf(fields)),
          tenantId: actor.tenantId,
          deptId,
          status: fields.status ?? 1,
          createUser: actor.userId,
          createDept: actor.deptId,
          updateUser: actor.userId,
        });
      }
      try {
        return await db.transaction().execute(async (tx) => {
          let n = 0;
          for (let i = 0; i < prepared.length; i += 500) {
            const inserted = await memberRepo.insertMany(tx, kind, prepared.slice(i, i + 500));
            await changeLog.recordMany(tx, actor, kind.tracked, 'insert', inserted);
            n += inserted.length;
          }
          return n;
        });
      } catch (err) {
        const msg = uniqueMessage(err);
        if (msg) throw badRequest(`导入失败:${msg}(可能刚被他人录入),请重新导入`);
        throw err;
      }
    },

    /** Removes every id or none: an id outside the scope (or gone) answers 404 and nothing changes. */
    async remove(actor: Actor, ids: string[]): Promise<number> {
      const scope = await scopeOf(actor);
      return db.transaction().execute(async (tx) => {
        const rows = await memberRepo.findMany(tx, kind, scope, ids, true);
        if (rows.length !== ids.length) throw notFound();
        if (kind.hasRepresentatives && (await memberRepo.representativeCount(tx, { kind: kind.kind as 'enterprise', memberIds: ids })))
          throw badRequest(MEMBER_MSG.hasRepresentatives);
        if (kind.kind === 'person' && (await memberRepo.representativeCount(tx, { personIds: ids }))) throw badRequest(MEMBER_MSG.isRepresentative);
        const n = await memberRepo.softDelete(tx, kind, ids, actor.userId);
        await changeLog.recordMany(
          tx,
          actor,
          kind.tracked,
          'delete',
          rows.map((r) => ({ id: r.id, name: r.name, deptId: r.deptId })),
        );
        return n;
      });
    },

    /** update-all: the given fields on every selected record, in one transaction, each change in the history. */
    async updateAll(actor: Actor, input: MemberUpdateAll): Promise<number> {
      const ids = [...new Set(input.ids.split(','))];
      const values: Record<string, unknown> = {};
      for (const f of ['status', 'memberLevel', 'joinDate', 'regionCode'] as const) if (input[f] !== undefined) values[f] = input[f];
      if (!Object.keys(values).length) throw badRequest(MEMBER_MSG.updateAllEmpty);
      if (values.status === null) throw badRequest('会员状态不能为空');
      const scope = await scopeOf(actor);
      const all = { ...scope, rules: [{ type: 1 as const }] };
      return db.transaction().execute(async (tx) => {
        const before = await memberRepo.findMany(tx, kind, scope, ids, true);
        if (before.length !== ids.length) throw notFound();
        const n = await memberRepo.updateMany(tx, kind, ids, { ...values, updateUser: actor.userId });
        const after = new Map((await memberRepo.findMany(tx, kind, all, ids)).map((r) => [r.id, r]));
        for (const b of before) {
          const a = after.get(b.id)!;
          await changeLog.record(tx, actor, kind.tracked, { mode: 'update', recordId: b.id, recordName: a.name, deptId: a.deptId }, { before: b, after: a });
        }
        return n;
      });
    },
  };
  return service;
}
export type MemberService = ReturnType<typeof memberService>;
