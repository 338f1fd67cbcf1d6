import { randomUUID } from 'node:crypto';
import {
  ASSOCIATION_LEADER_TYPES,
  ASSOCIATION_MSG,
  CERT_TYPES,
  GENDERS,
  LEADER_TYPE,
  POLITICS,
  SINGLE_LEADER_TYPES,
  STALE_VERSION_MSG,
  VERSION_REQUIRED_MSG,
  idCardBirthDate,
  idCardGender,
  isMaskedCert,
  maskCert,
  maskPhone,
  type LeaderSortBody,
  type LeaderSubmit,
  type MultiplexingAnswer,
  type MultiplexingBody,
  type TypedLeaderSubmit,
} from '@gsl/contract';
import type { Db } from '../../db/connection.js';
import type { Actor } from '../../platform/access/actor.js';
import { assertGranted } from '../../platform/access/grants.js';
import { resolveScope, type DataScope } from '../../platform/access/scope.js';
import { changeLog, type TrackedRecord } from '../../platform/audit/change-log.js';
import type { PersonalDataCipher } from '../../platform/audit/personal-data.js';
import { dbErrorCode, violatedConstraint } from '../../platform/http/db-errors.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import { profileScope } from '../profile/profile.access.js';
import { leaderPersonRepo, type PersonBaseRow } from './leader-person.repo.js';
import { ASSOCIATION_RESOURCE, leaderRepo, type LeaderInsert, type LeaderRow } from './leader.repo.js';
import { numbersOf } from './leader.view.js';

/** The change history of leaders (the platform's change log, tag `leader`): every tracked field, personal numbers masked. */
export const LEADER_TRACKED: TrackedRecord = {
  tag: 'leader',
  fields: {
    deptId: '所属组织',
    year: '年度',
    leaderType: '领导类型',
    personId: '人员库人员',
    name: '姓名',
    certType: '证件类型',
    certNo: '证件号码',
    gender: '性别',
    birthDate: '出生日期',
    politics: '政治面貌',
    phone: '手机号码',
    company: '工作单位',
    post: '职务',
    startDate: '任职开始日期',
    endDate: '任职结束日期',
    remark: '备注',
    sort: '排序',
  },
  masked: { certNo: maskCert, phone: maskPhone },
  labels: { leaderType: ASSOCIATION_LEADER_TYPES, certType: CERT_TYPES, gender: GENDERS, politics: POLITICS },
};
/** A person the leadership adds to the person base is recorded in its history like any other. */
const PERSON_TRACKED: TrackedRecord = { tag: 'personbase', fields: {} };

const SINGLE_MSG: Record<number, string> = {
  [LEADER_TYPE.chairman]: ASSOCIATION_MSG.chairmanExists,
  [LEADER_TYPE.partySecretary]: ASSOCIATION_MSG.partySecretaryExists,
  [LEADER_TYPE.president]: ASSOCIATION_MSG.presidentExists,
};

/** A row's tracked values in plain text (personal numbers decrypted) for the history's comparison. */
function tracked(row: LeaderRow, cipher: PersonalDataCipher): Record<string, unknown> {
  return { ...row, ...numbersOf(row, cipher), deptId: String(row.deptId), personId: row.personId === null ? null : String(row.personId) };
}
const recordName = (name: string, year: number, leaderType: number) => `${name}(${year}年${ASSOCIATION_LEADER_TYPES[leaderType] ?? ''})`;

type SubmitInput = (LeaderSubmit | TypedLeaderSubmit) & { leaderType?: number };

export function leaderService(db: Db, cipher: () => Promise<PersonalDataCipher>, thisYear: () => number) {
  const scopeOf = (actor: Actor) => resolveScope(db, actor, ASSOCIATION_RESOURCE);

  /** The org of a call (default the caller's own) inside the scope, or 404. */
  async function orgOf(scope: DataScope, deptId: string | undefined) {
    const org = await leaderRepo.findOrg(db, scope, deptId || scope.actor.deptId);
    if (!org) throw notFound();
    return org;
  }

  /** A unique index's refusal as the rule's own message. */
  function uniqueMessage(err: unknown, leaderType: number): string | undefined {
    if (dbErrorCode(err) !== '23505') return undefined;
    const c = violatedConstraint(err);
    if (c === 'uk_association_leader_single') return SINGLE_MSG[leaderType];
    if (c === 'uk_association_leader_person') return ASSOCIATION_MSG.personExists;
    return undefined;
  }

  /**
   * The person of the person base the leader is: the one picked (readable by the caller), else the one
   * with the certificate, else a new one in the leader's org. Inside the write's transaction.
   */
  async function linkPerson(tx: Db, actor: Actor, orgId: string, v: LeaderInsert): Promise<string> {
    const found = await leaderPersonRepo.byCert(tx, actor.tenantId, Number(v.certType), v.certNoHash);
    if (found) return String(found.id);
    const id = await leaderPersonRepo.insert(tx, {
      tenantId: actor.tenantId,
      deptId: orgId,
      unionId: `P${randomUUID().replace(/-/g, '')}`,
      name: v.name,
      certType: Number(v.certType),
      certNoEnc: v.certNoEnc,
      certNoHash: v.certNoHash,
      gender: v.gender ?? null,
      birthDate: v.birthDate ?? null,
      politics: v.politics ?? null,
      phoneEnc: v.phoneEnc ?? null,
      phoneHash: v.phoneHash ?? null,
      company: v.company ?? null,
      post: v.post ?? null,
      createUser: actor.userId,
      createDept: actor.deptId,
      updateUser: actor.userId,
    });
    await changeLog.record(tx, actor, PERSON_TRACKED, { mode: 'insert', recordId: id, recordName: v.name, deptId: orgId });
    return id;
  }

  /**
   * The column values of a submit: the person picked or entered, the numbers encrypted (a masked number
   * keeps the stored one), gender and birth date read from an identity card when not given.
   */
  async function valuesOf(actor: Actor, input: SubmitInput, c: PersonalDataCipher, before?: LeaderRow): Promise<Partial<LeaderInsert>> {
    let picked: PersonBaseRow | undefined;
    if (input.personId) {
      picked = await leaderPersonRepo.readable(db, await profileScope(db, actor), actor.isAdministrator, input.personId);
      if (!picked) throw badRequest(ASSOCIATION_MSG.personNotFound);
    }
    const v: Partial<LeaderInsert> = {};
    const set = <K extends keyof LeaderInsert>(k: K, value: LeaderInsert[K] | undefined) => {
      if (value !== undefined) v[k] = value;
    };
    // The certificate: the picked person's, or the one entered (a masked one keeps the stored number).
    const certType = picked?.certType ?? input.certType ?? before?.certType ?? 1;
    const entered = input.certNo && !isMaskedCert(input.certNo) ? input.certNo : undefined;
    if (picked) {
      if (entered && c.hash(entered) !== picked.certNoHash) throw badRequest(ASSOCIATION_MSG.personMismatch);
      Object.assign(v, { personId: picked.id, certType, certNoEnc: picked.certNoEnc, certNoHash: picked.certNoHash });
    } else if (entered) {
      Object.assign(v, { certType, certNoEnc: c.encrypt(entered), certNoHash: c.hash(entered) });
    } else if (!before) {
      throw badRequest(ASSOCIATION_MSG.certRequired);
    } else if (input.certType !== undefined && input.certType !== null && input.certType !== before.certType) {
      throw badRequest(ASSOCIATION_MSG.certRequired);
    }
    set('name', input.name ?? picked?.name ?? undefined);
    const plainCert = entered ?? (picked ? c.decrypt(picked.certNoEnc) : undefined);
    const idCard = certType === 1 && plainCert ? plainCert : undefined;
    if (input.gender !== undefined) set('gender', input.gender);
    else if (!before) set('gender', picked?.gender ?? (idCard ? idCardGender(idCard) : null));
    if (input.birthDate !== undefined) set('birthDate', input.birthDate);
    else if (!before) set('birthDate', picked?.birthDate ?? (idCard ? idCardBirthDate(idCard) : null));
    if (idCard && v.gender && v.gender !== idCardGender(idCard)) throw badRequest(ASSOCIATION_MSG.genderMismatch);
    if (idCard && v.birthDate && v.birthDate !== idCardBirthDate(idCard)) throw badRequest(ASSOCIATION_MSG.birthMismatch);
    set('politics', input.politics !== undefined ? input.politics : !before ? (picked?.politics ?? null) : undefined);
    if (input.phone !== undefined) {
      if (input.phone === null) Object.assign(v, { phoneEnc: null, phoneHash: null });
      else if (!/\*/.test(input.phone)) Object.assign(v, { phoneEnc: c.encrypt(input.phone), phoneHash: c.hash(input.phone) });
    } else if (!before && picked?.phoneEnc) {
      const phone = c.decrypt(picked.phoneEnc);
      Object.assign(v, { phoneEnc: picked.phoneEnc, phoneHash: c.hash(phone) });
    }
    set('company', input.company !== undefined ? input.company : !before ? (picked?.company ?? null) : undefined);
    set('post', input.post);
    set('startDate', input.startDate);
    set('endDate', input.endDate);
    set('remark', input.remark);
    set('sort', input.sort);
    return v;
  }

  const service = {
    scopeOf,
    orgOf,

    /** The org and year a read names (defaults: the caller's org, this year). */
    async term(actor: Actor, q: { deptId?: string; year?: number }) {
      const scope = await scopeOf(actor);
      const org = await orgOf(scope, q.deptId);
      return { scope, org, year: q.year ?? thisYear() };
    },

    /** One leader inside the scope (of the call's types), or 404. */
    async find(actor: Actor, id: string, types?: readonly number[]): Promise<LeaderRow> {
      const row = await leaderRepo.findById(db, await scopeOf(actor), id, { types });
      if (!row) throw notFound();
      return row;
    },

    /**
     * Adds (no id: <menu>_add) or updates (id and version: <menu>_edit) a leader of one of `types`. A new
     * leader is linked to the person base (found by certificate or created); the single posts are one per
     * org and year; every change is in the change log (tag leader).
     */
    async submit(actor: Actor, input: SubmitInput, leaderType: number, types: readonly number[]): Promise<{ id: string; created: boolean }> {
      await assertGranted(db, actor, input.id ? 'association_leader_edit' : 'association_leader_add');
      if (input.id && input.version === undefined) throw badRequest(VERSION_REQUIRED_MSG);
      const scope = await scopeOf(actor);
      const c = await cipher();
      const typeOk = () => {
        if (!types.includes(leaderType)) throw badRequest(ASSOCIATION_MSG.leaderTypeNotList);
      };
      try {
        if (!input.id) {
          const org = await orgOf(scope, input.deptId);
          typeOk();
          const v = await valuesOf(actor, input, c);
          return await db.transaction().execute(async (tx) => {
            await leaderRepo.lockTerm(tx, String(org.id), input.year);
            const values = {
              ...v,
              tenantId: actor.tenantId,
              deptId: org.id,
              year: input.year,
              leaderType,
              name: v.name!,
              sort: v.sort ?? (await leaderRepo.nextSort(tx, String(org.id), input.year, leaderType)),
              createUser: actor.userId,
              createDept: actor.deptId,
              updateUser: actor.userId,
            } as LeaderInsert;
            if (!values.personId) values.personId = await linkPerson(tx, actor, String(org.id), values);
            const id = await leaderRepo.insert(tx, values);
            await changeLog.record(tx, actor, LEADER_TRACKED, {
              mode: 'insert',
              recordId: id,
              recordName: recordName(values.name, input.year, leaderType),
              deptId: String(org.id),
            });
            return { id, created: true };
          });
        }
        const id = input.id;
        const current = await leaderRepo.findById(db, scope, id, { types });
        if (!current) throw notFound();
        typeOk();
        if ((input.deptId && input.deptId !== String(current.deptId)) || input.year !== Number(current.year)) throw badRequest(ASSOCIATION_MSG.termFixed);
        const v = await valuesOf(actor, input, c, current);
        await db.transaction().execute(async (tx) => {
          await leaderRepo.lockTerm(tx, String(current.deptId), Number(current.year));
          const before = await leaderRepo.findById(tx, scope, id, { types, lock: true });
          if (!before) throw notFound();
          const values: Partial<LeaderInsert> = { ...v, leaderType, updateUser: actor.userId };
          if (values.certNoHash && values.certNoHash !== before.certNoHash && !values.personId) {
            values.personId = await linkPerson(tx, actor, String(before.deptId), { ...before, ...values } as LeaderInsert);
          }
          if (!(await leaderRepo.updateAtVersion(tx, actor.tenantId, id, input.version!, values))) throw badRequest(STALE_VERSION_MSG);
          const after = (await leaderRepo.findById(tx, scope, id))!;
          await changeLog.record(
            tx,
            actor,
            LEADER_TRACKED,
            { mode: 'update', recordId: id, recordName: recordName(after.name, Number(after.year), after.leaderType), deptId: String(after.deptId) },
            { before: tracked(before, c), after: tracked(after, c) },
          );
        });
        return { id, created: false };
      } catch (err) {
        const msg = uniqueMessage(err, leaderType);
        if (msg) throw badRequest(msg);
        throw err;
      }
    },

    /** Removes every id (of the call's types) or none; an id outside the scope is 404. */
    async remove(actor: Actor, ids: string[], types?: readonly number[]): Promise<number> {
      const scope = await scopeOf(actor);
      return db.transaction().execute(async (tx) => {
        const rows = await leaderRepo.lockMany(tx, scope, ids, types);
        if (rows.length !== ids.length) throw notFound();
        const removed = await leaderRepo.softDelete(tx, ids, actor.userId);
        await changeLog.recordMany(
          tx,
          actor,
          LEADER_TRACKED,
          'delete',
          rows.map((r) => ({ id: String(r.id), name: recordName(r.name, Number(r.year), r.leaderType), deptId: String(r.deptId) })),
        );
        return removed;
      });
    },

    /** update-sort: new sort numbers for leaders inside the scope, all or none, each change in the history. */
    async updateSort(actor: Actor, body: LeaderSortBody): Promise<number> {
      await assertGranted(db, actor, 'association_leader_edit');
      const scope = await scopeOf(actor);
      const items = body.aocLeaderUpdateParamList;
      return db.transaction().execute(async (tx) => {
        const rows = await leaderRepo.lockMany(
          tx,
          scope,
          items.map((i) => i.id),
        );
        if (rows.length !== items.length) throw notFound();
        const byId = new Map(rows.map((r) => [String(r.id), r]));
        const changed = items.filter((i) => byId.get(i.id)!.sort !== i.sort);
        const updated = await leaderRepo.setSorts(tx, changed, actor.userId);
        for (const i of changed) {
          const r = byId.get(i.id)!;
          await changeLog.record(
            tx,
            actor,
            LEADER_TRACKED,
            { mode: 'update', recordId: i.id, recordName: recordName(r.name, Number(r.year), r.leaderType), deptId: String(r.deptId) },
            { before: { sort: r.sort }, after: { sort: i.sort } },
          );
        }
        return updated;
      });
    },

    /**
     * multiplexing (沿用上届): copies the team of fromYear to toYear in one transaction, the same persons,
     * posts and order. Refused when toYear already has leaders, unless `replace` (they are removed first).
     */
    async multiplex(actor: Actor, body: MultiplexingBody): Promise<MultiplexingAnswer> {
      const scope = await scopeOf(actor);
      const org = await orgOf(scope, body.deptId);
      if (body.fromYear === body.toYear) throw badRequest(ASSOCIATION_MSG.sameYear);
      const deptId = String(org.id);
      return db.transaction().execute(async (tx) => {
        // Both years, in a fixed order, so two copies between the same years cannot deadlock.
        for (const y of [body.fromYear, body.toYear].sort((a, b) => a - b)) await leaderRepo.lockTerm(tx, deptId, y);
        const from = await leaderRepo.lockTeam(tx, actor.tenantId, deptId, body.fromYear);
        if (!from.length) throw badRequest(ASSOCIATION_MSG.fromEmpty(body.fromYear));
        const target = await leaderRepo.lockTeam(tx, actor.tenantId, deptId, body.toYear);
        if (target.length && !body.replace) throw badRequest(ASSOCIATION_MSG.targetHasLeaders(body.toYear, target.length));
        if (target.length) {
          await leaderRepo.softDelete(
            tx,
            target.map((r) => String(r.id)),
            actor.userId,
          );
          await changeLog.recordMany(
            tx,
            actor,
            LEADER_TRACKED,
            'delete',
            target.map((r) => ({ id: String(r.id), name: recordName(r.name, body.toYear, r.leaderType), deptId })),
          );
        }
        const ids = await leaderRepo.insertMany(
          tx,
          from.map((r) => ({
            tenantId: actor.tenantId,
            deptId,
            year: body.toYear,
            leaderType: r.leaderType,
            personId: r.personId,
            name: r.name,
            certType: r.certType,
            certNoEnc: r.certNoEnc,
            certNoHash: r.certNoHash,
            gender: r.gender,
            birthDate: r.birthDate,
            politics: r.politics,
            phoneEnc: r.phoneEnc,
            phoneHash: r.phoneHash,
            company: r.company,
            post: r.post,
            startDate: r.startDate,
            endDate: null,
            remark: r.remark,
            sort: r.sort,
            createUser: actor.userId,
            createDept: actor.deptId,
            updateUser: actor.userId,
          })),
        );
        await changeLog.recordMany(
          tx,
          actor,
          LEADER_TRACKED,
          'insert',
          from.map((r, i) => ({ id: ids[i], name: recordName(r.name, body.toYear, r.leaderType), deptId })),
        );
        return { fromYear: body.fromYear, toYear: body.toYear, copied: ids.length, replaced: target.length };
      });
    },
  };
  return service;
}

/** Whether a type is one per org and year. */
export const isSingle = (leaderType: number) => SINGLE_LEADER_TYPES.includes(leaderType);
