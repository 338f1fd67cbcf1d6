import { randomUUID } from 'node:crypto';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import {
  PROFILE_MSG,
  STALE_VERSION_MSG,
  VERSION_REQUIRED_MSG,
  certProblem,
  idCardBirthDate,
  idCardGender,
  isMaskedCert,
  labelsOf,
  type Fields,
  type PageQuery,
} from '@gsl/contract';
import type { Db } from '../../db/connection.js';
import type { Actor } from '../../platform/access/actor.js';
import { deptUnder, scopePredicate, type DataScope } from '../../platform/access/scope.js';
import { changeLog, type TrackedRecord } from '../../platform/audit/change-log.js';
import type { PersonalDataCipher } from '../../platform/audit/personal-data.js';
import { dbErrorCode, violatedConstraint } from '../../platform/http/db-errors.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import { filterExpressions, paginate, type FieldWhitelist } from '../../platform/http/paging.js';
import { maskCert, maskPhone } from '@gsl/contract';
import { columnValues, decrypt, selectOf, type Row } from './profile.codec.js';
import { anyDb, findOrgInScope, personAccess, profileScope } from './profile.access.js';
import { SECTIONS, columnsOf, type ParentDef } from './profile.defs.js';

/** One base of profiles (人员库 or 企业库): the person and enterprise bases share this shape. */
export interface BaseDef {
  parent: ParentDef;
  fields: Fields;
  /** Prefix of generated union ids (P…, E…). */
  unionPrefix: string;
  whitelist: FieldWhitelist;
  /** Unique constraint → message. */
  unique: Record<string, string>;
  tracked: TrackedRecord;
}

const COMMON: FieldWhitelist = {
  name: { column: 'p.name', kind: 'text' },
  createTime: { column: 'p.createTime', kind: 'date' },
  updateTime: { column: 'p.updateTime', kind: 'date' },
  deptName: { column: 'd.deptName', kind: 'text' },
};

const tracked = (tag: string, fields: Fields): TrackedRecord => ({
  tag,
  fields: { deptId: '所属组织', ...labelsOf(fields) },
  masked: Object.fromEntries(columnsOf(fields).sensitive.map((n) => [n, n === 'certNo' ? maskCert : maskPhone])),
  labels: Object.fromEntries(Object.entries(fields).flatMap(([n, f]) => (f.kind.t === 'code' ? [[n, f.kind.labels]] : []))),
});

export const personBaseDef = (parent: ParentDef, fields: Fields): BaseDef => ({
  parent,
  fields,
  unionPrefix: 'P',
  whitelist: {
    ...COMMON,
    certType: { column: 'p.certType', kind: 'smallint' },
    gender: { column: 'p.gender', kind: 'smallint' },
    politics: { column: 'p.politics', kind: 'smallint' },
    education: { column: 'p.education', kind: 'smallint' },
    degree: { column: 'p.degree', kind: 'smallint' },
    visibility: { column: 'p.visibility', kind: 'smallint' },
    nativePlace: { column: 'p.nativePlace', kind: 'text' },
    company: { column: 'p.company', kind: 'text' },
    post: { column: 'p.post', kind: 'text' },
    birthDate: { column: 'p.birthDate', kind: 'date' },
  },
  unique: { uk_person_base_cert: PROFILE_MSG.certExists },
  tracked: tracked('personbase', fields),
});

export const enterpriseBaseDef = (parent: ParentDef, fields: Fields): BaseDef => ({
  parent,
  fields,
  unionPrefix: 'E',
  whitelist: {
    ...COMMON,
    creditCode: { column: 'p.creditCode', kind: 'text' },
    legalPerson: { column: 'p.legalPerson', kind: 'text' },
    status: { column: 'p.status', kind: 'smallint' },
    enterpriseType: { column: 'p.enterpriseType', kind: 'smallint' },
    industry: { column: 'p.industry', kind: 'text' },
    regionCode: { column: 'p.regionCode', kind: 'text' },
    address: { column: 'p.address', kind: 'text' },
    establishedDate: { column: 'p.establishedDate', kind: 'date' },
  },
  unique: { uk_enterprise_base_credit: PROFILE_MSG.creditExists },
  tracked: tracked('enterprisebase', fields),
});

export function baseService(def: BaseDef, db: Db, cipher: () => Promise<PersonalDataCipher>) {
  const isPerson = def.parent.kind === 'person';
  const table = def.parent.table;
  const extra = ['p.unionId', 'd.deptName', ...(isPerson ? [] : [])];

  /** Rows the actor may see: reads admit public persons; lists and writes only the scope. */
  const access = (eb: ExpressionBuilder<any, any>, scope: DataScope, actor: Actor, mode: 'read' | 'write') =>
    isPerson ? personAccess(eb, scope, actor.isAdministrator, mode) : scopePredicate(eb, scope, { dept: 'p.deptId', owner: 'p.createUser' });

  const base = (q: Db, actor: Actor) =>
    anyDb(q).selectFrom(`${table} as p`).leftJoin('bladeDept as d', 'd.id', 'p.deptId').where('p.isDeleted', '=', 0).where('p.tenantId', '=', actor.tenantId);

  const findOne = async (q: Db, actor: Actor, scope: DataScope, by: { id?: string; unionId?: string }, mode: 'read' | 'write', lock = false) => {
    let s = base(q, actor)
      .select(selectOf('p', def.fields, extra) as any)
      .where((eb) => access(eb, scope, actor, mode));
    s = by.id ? s.where('p.id', '=', by.id) : s.where('p.unionId', '=', by.unionId!);
    if (lock) s = s.forUpdate('p');
    return (await s.executeTakeFirst()) as Row | undefined;
  };

  /** Person rules across fields: the number against its type; birth date and gender against an identity card. */
  function checkPerson(merged: Record<string, unknown>) {
    const certType = Number(merged.certType);
    const certNo = String(merged.certNo ?? '').toUpperCase();
    const problem = certProblem(certType, certNo);
    if (problem) throw badRequest(problem);
    if (certType !== 1) return;
    if (merged.birthDate && merged.birthDate !== idCardBirthDate(certNo)) throw badRequest(PROFILE_MSG.birthMismatch);
    if (merged.gender && merged.gender !== idCardGender(certNo)) throw badRequest(PROFILE_MSG.genderMismatch);
  }

  const uniqueMessage = (err: unknown) => (dbErrorCode(err) === '23505' ? def.unique[violatedConstraint(err) ?? ''] : undefined);

  const service = {
    async page(actor: Actor, page: PageQuery, filters: Record<string, unknown>) {
      const scope = await profileScope(db, actor);
      const c = await cipher();
      const q = base(db, actor).where((eb) => {
        const parts: Expression<SqlBool>[] = [access(eb, scope, actor, 'write'), ...filterExpressions(eb, filters, def.whitelist)];
        if (typeof filters.deptId === 'string' && filters.deptId) parts.push(deptUnder(eb, 'p.deptId', filters.deptId));
        for (const n of columnsOf(def.fields).sensitive) {
          const v = filters[n];
          if (typeof v === 'string' && v.trim()) parts.push(eb(sql.ref(`p.${n}Hash`), '=', c.hash(v.toUpperCase())));
        }
        return eb.and(parts);
      });
      const result = await paginate<Row>(q, (qb) => qb.select(selectOf('p', def.fields, extra) as any), page, def.whitelist, [
        ['p.createTime', 'desc'],
        ['p.id', 'desc'],
      ]);
      return { ...result, records: result.records.map((r) => decrypt(def.fields, r, c)) };
    },

    /** A short list for pickers: names starting with the text, readable by the actor (public persons too). */
    async byName(actor: Actor, name: string, size: number): Promise<Row[]> {
      const scope = await profileScope(db, actor);
      const c = await cipher();
      const escaped = name.replace(/[\\%_]/g, (ch) => `\\${ch}`);
      const rows = await base(db, actor)
        .select(selectOf('p', def.fields, extra) as any)
        .where('p.name', 'like', `${escaped}%`)
        .where((eb) => access(eb, scope, actor, 'read'))
        .orderBy('p.name')
        .orderBy('p.id')
        .limit(size)
        .execute();
      return (rows as Row[]).map((r) => decrypt(def.fields, r, c));
    },

    async detail(actor: Actor, by: { id?: string; unionId?: string }): Promise<Row> {
      const row = await findOne(db, actor, await profileScope(db, actor), by, 'read');
      if (!row) throw notFound();
      return decrypt(def.fields, row, await cipher());
    },

    async submit(actor: Actor, input: Record<string, unknown> & { id?: string; version?: number; deptId?: string }): Promise<{ row: Row; created: boolean }> {
      const scope = await profileScope(db, actor);
      const c = await cipher();
      if (input.deptId !== undefined && !(await findOrgInScope(db, scope, input.deptId))) throw badRequest(PROFILE_MSG.deptNotFound);
      try {
        if (!input.id) {
          const deptId = input.deptId ?? actor.deptId;
          if (input.deptId === undefined && !(await findOrgInScope(db, scope, deptId))) throw badRequest(PROFILE_MSG.deptNotFound);
          let values = input;
          if (isPerson) {
            if (typeof input.certNo === 'string' && isMaskedCert(input.certNo)) throw badRequest(PROFILE_MSG.fullNumber);
            checkPerson(input);
            if (Number(input.certType) === 1) {
              const no = String(input.certNo);
              values = { ...input, birthDate: input.birthDate ?? idCardBirthDate(no), gender: input.gender ?? idCardGender(no) };
            }
          }
          const id = await db.transaction().execute(async (tx) => {
            const r = await anyDb(tx)
              .insertInto(table)
              .values({
                ...columnValues(def.fields, values, c, false),
                tenantId: actor.tenantId,
                deptId,
                unionId: `${def.unionPrefix}${randomUUID().replace(/-/g, '')}`,
                createUser: actor.userId,
                createDept: actor.deptId,
                updateUser: actor.userId,
              })
              .returning('id')
              .executeTakeFirstOrThrow();
            await changeLog.record(tx, actor, def.tracked, { mode: 'insert', recordId: String(r.id), recordName: String(input.name), deptId });
            return String(r.id);
          });
          return { row: await service.detail(actor, { id }), created: true };
        }
        if (input.version === undefined) throw badRequest(VERSION_REQUIRED_MSG);
        await db.transaction().execute(async (tx) => {
          const locked = await findOne(tx, actor, scope, { id: input.id }, 'write', true);
          if (!locked) throw notFound();
          const before = decrypt(def.fields, locked, c);
          if (isPerson) {
            const merged: Record<string, unknown> = { ...before };
            for (const [k, v] of Object.entries(input)) if (v !== undefined && !(k === 'certNo' && isMaskedCert(String(v)))) merged[k] = v;
            checkPerson(merged);
          }
          const values = columnValues(def.fields, input, c, true);
          if (input.deptId !== undefined) values.deptId = input.deptId;
          const r = await anyDb(tx)
            .updateTable(table)
            .set({ ...values, updateUser: actor.userId, version: sql`version + 1`, updateTime: sql`now()` })
            .where('id', '=', input.id!)
            .where('version', '=', input.version!)
            .where('isDeleted', '=', 0)
            .executeTakeFirst();
          if (Number(r.numUpdatedRows) !== 1) throw badRequest(STALE_VERSION_MSG);
          if (values.deptId !== undefined && values.deptId !== before.deptId) {
            // Sections are scoped by their own dept_id: they move with their record.
            for (const s of SECTIONS.filter((x) => x.parent.kind === def.parent.kind)) {
              await anyDb(tx).updateTable(s.table).set({ deptId: values.deptId }).where('parentId', '=', input.id!).execute();
            }
          }
          const after = decrypt(def.fields, (await findOne(tx, actor, { ...scope, rules: [{ type: 1 }] }, { id: input.id }, 'read'))!, c);
          await changeLog.record(
            tx,
            actor,
            def.tracked,
            { mode: 'update', recordId: input.id!, recordName: String(after.name), deptId: String(after.deptId) },
            { before, after },
          );
        });
        return { row: await service.detail(actor, { id: input.id }), created: false };
      } catch (err) {
        const msg = uniqueMessage(err);
        if (msg) throw badRequest(msg);
        throw err;
      }
    },

    /** Removes every id or none (with their sections); an id the actor may not write is 404. */
    async remove(actor: Actor, ids: string[]): Promise<number> {
      const scope = await profileScope(db, actor);
      return db.transaction().execute(async (tx) => {
        const rows = (await base(tx, actor)
          .select(['p.id', 'p.name', 'p.deptId'])
          .where('p.id', 'in', ids)
          .where((eb) => access(eb, scope, actor, 'write'))
          .forUpdate('p')
          .execute()) as Array<{ id: string; name: string; deptId: string }>;
        if (rows.length !== ids.length) throw notFound();
        const gone = { isDeleted: 1, updateUser: actor.userId, updateTime: sql`now()`, version: sql`version + 1` };
        const r = await anyDb(tx).updateTable(table).set(gone).where('id', 'in', ids).where('isDeleted', '=', 0).executeTakeFirst();
        for (const s of SECTIONS.filter((x) => x.parent.kind === def.parent.kind)) {
          await anyDb(tx).updateTable(s.table).set(gone).where('parentId', 'in', ids).where('isDeleted', '=', 0).execute();
        }
        await changeLog.recordMany(
          tx,
          actor,
          def.tracked,
          'delete',
          rows.map((x) => ({ id: String(x.id), name: x.name, deptId: String(x.deptId) })),
        );
        return Number(r.numUpdatedRows);
      });
    },
  };
  return service;
}
