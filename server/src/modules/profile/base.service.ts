import { randomUUID } from 'node:crypto';
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
import { changeLog, type TrackedRecord } from '../../platform/audit/change-log.js';
import type { PersonalDataCipher } from '../../platform/audit/personal-data.js';
import { dbErrorCode, violatedConstraint } from '../../platform/http/db-errors.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import { fieldsOn } from '../../platform/db/fields.js';
import type { FieldWhitelist } from '../../platform/http/paging.js';
import { maskCert, maskPhone } from '@gsl/contract';
import { columnValues, decrypt, type Row } from './profile.codec.js';
import { profileScope } from './profile.access.js';
import { columnsOf, type ParentDef } from './profile.defs.js';
import { findOrgInScope, profileBaseRepo } from './profile.repo.js';

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

const COMMON = fieldsOn('p', { name: 'text', createTime: 'date', updateTime: 'date', deptName: ['d.deptName', 'text'] });

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
    ...fieldsOn('p', {
      certType: 'smallint',
      gender: 'smallint',
      politics: 'smallint',
      education: 'smallint',
      degree: 'smallint',
      visibility: 'smallint',
      nativePlace: 'text',
      company: 'text',
      post: 'text',
      birthDate: 'date',
    }),
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
    ...fieldsOn('p', {
      creditCode: 'text',
      legalPerson: 'text',
      status: 'smallint',
      enterpriseType: 'smallint',
      industry: 'text',
      regionCode: 'text',
      address: 'text',
      establishedDate: 'date',
    }),
  },
  unique: { uk_enterprise_base_credit: PROFILE_MSG.creditExists },
  tracked: tracked('enterprisebase', fields),
});

export function baseService(def: BaseDef, db: Db, cipher: () => Promise<PersonalDataCipher>) {
  const isPerson = def.parent.kind === 'person';
  const repo = profileBaseRepo(def.parent, def.fields);

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
      const hashes: Record<string, string> = {};
      for (const n of columnsOf(def.fields).sensitive) {
        const v = filters[n];
        if (typeof v === 'string' && v.trim()) hashes[n] = c.hash(v.toUpperCase());
      }
      const result = await repo.page(db, actor, scope, page, filters, def.whitelist, hashes);
      return { ...result, records: result.records.map((r) => decrypt(def.fields, r, c)) };
    },

    /** A short list for pickers: names starting with the text, readable by the actor (public persons too). */
    async byName(actor: Actor, name: string, size: number): Promise<Row[]> {
      const scope = await profileScope(db, actor);
      const c = await cipher();
      const rows = await repo.byName(db, actor, scope, name, size);
      return rows.map((r) => decrypt(def.fields, r, c));
    },

    async detail(actor: Actor, by: { id?: string; unionId?: string }): Promise<Row> {
      const row = await repo.findOne(db, actor, await profileScope(db, actor), by, 'read');
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
            const id = await repo.insert(tx, {
              ...columnValues(def.fields, values, c, false),
              tenantId: actor.tenantId,
              deptId,
              unionId: `${def.unionPrefix}${randomUUID().replace(/-/g, '')}`,
              createUser: actor.userId,
              createDept: actor.deptId,
              updateUser: actor.userId,
            });
            await changeLog.record(tx, actor, def.tracked, { mode: 'insert', recordId: id, recordName: String(input.name), deptId });
            return id;
          });
          return { row: await service.detail(actor, { id }), created: true };
        }
        if (input.version === undefined) throw badRequest(VERSION_REQUIRED_MSG);
        await db.transaction().execute(async (tx) => {
          const locked = await repo.findOne(tx, actor, scope, { id: input.id }, 'write', true);
          if (!locked) throw notFound();
          const before = decrypt(def.fields, locked, c);
          if (isPerson) {
            const merged: Record<string, unknown> = { ...before };
            for (const [k, v] of Object.entries(input)) if (v !== undefined && !(k === 'certNo' && isMaskedCert(String(v)))) merged[k] = v;
            checkPerson(merged);
          }
          const values = columnValues(def.fields, input, c, true);
          if (input.deptId !== undefined) values.deptId = input.deptId;
          if (!(await repo.updateAtVersion(tx, input.id!, input.version!, { ...values, updateUser: actor.userId }))) throw badRequest(STALE_VERSION_MSG);
          if (values.deptId !== undefined && values.deptId !== before.deptId) await repo.moveSections(tx, input.id!, values.deptId);
          const after = decrypt(def.fields, (await repo.findOne(tx, actor, { ...scope, rules: [{ type: 1 }] }, { id: input.id }, 'read'))!, c);
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
        const rows = await repo.lockWritable(tx, actor, scope, ids);
        if (rows.length !== ids.length) throw notFound();
        const removed = await repo.softDelete(tx, ids, actor.userId);
        await changeLog.recordMany(
          tx,
          actor,
          def.tracked,
          'delete',
          rows.map((x) => ({ id: String(x.id), name: x.name, deptId: String(x.deptId) })),
        );
        return removed;
      });
    },
  };
  return service;
}
