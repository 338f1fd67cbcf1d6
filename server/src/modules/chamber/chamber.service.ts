import {
  CHAMBER_FIELD_LABELS,
  CHAMBER_MSG,
  CHAMBER_TYPES,
  LEADER_TYPES,
  MASKED_MOBILE_RE,
  STALE_VERSION_MSG,
  VERSION_REQUIRED_MSG,
  type ChamberLeader,
  type ChamberSaveSimple,
  type ChamberSubmit,
} from '@gsl/contract';
import type { Db } from '../../db/connection.js';
import type { Actor } from '../../platform/access/actor.js';
import { assertGranted } from '../../platform/access/grants.js';
import { resolveScope, type DataScope } from '../../platform/access/scope.js';
import { changeLog, type TrackedRecord } from '../../platform/audit/change-log.js';
import type { PersonalDataCipher } from '../../platform/audit/personal-data.js';
import { dbErrorCode, violatedConstraint } from '../../platform/http/db-errors.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import { memberRepo } from '../member/member.repo.js';
import { chamberRepo, type ChamberRow } from './chamber.repo.js';

/** Chambers share the member data scope: the records of a federation's tree are its members' world. */
export const CHAMBER_RESOURCE = 'member';
const OWNER_CATEGORIES = [1, 2, 3];

/** The history tag of chambers (aoc_log.tag) and its name. */
export const CHAMBER_TAG = 'chamber';
export const CHAMBER_TAG_NAME = '商会';

/**
 * The chamber's change history (platform change-log): every field with its label, the type by its
 * label, the orgs by name, and each leader list (副会长, 理事, 秘书处) as one field of names — leader
 * phones are personal data and never reach the history (chamberRepo.snapshots).
 */
export const CHAMBER_TRACKED: TrackedRecord = {
  tag: CHAMBER_TAG,
  fields: { ...CHAMBER_FIELD_LABELS },
  labels: { chamberType: CHAMBER_TYPES },
};

type Values = Record<string, unknown>;

function uniqueMessage(err: unknown): string | undefined {
  if (dbErrorCode(err) !== '23505') return undefined;
  const c = violatedConstraint(err);
  return c === 'uk_chamber_name' ? CHAMBER_MSG.nameExists : c === 'uk_chamber_org' ? CHAMBER_MSG.orgExists : undefined;
}

export function chamberService(db: Db, cipher: () => Promise<PersonalDataCipher>) {
  const scopeOf = (actor: Actor) => resolveScope(db, actor, CHAMBER_RESOURCE);

  async function replaceLeaders(tx: Db, actor: Actor, chamberId: string, deptId: string, leaderType: number, list: ChamberLeader[] | undefined) {
    if (list === undefined) return;
    const stored = new Map((await chamberRepo.storedLeaderPhones(tx, chamberId, leaderType)).map((r) => [String(r.id), r]));
    if (!list.length) return chamberRepo.replaceLeaders(tx, chamberId, leaderType, []);
    const c = await cipher();
    // The masked phone a list showed comes back unchanged: keep the number of the leader it names.
    const phoneOf = (l: ChamberLeader) => {
      if (!l.phone) return { phoneEnc: null, phoneHash: null };
      if (!MASKED_MOBILE_RE.test(l.phone)) return { phoneEnc: c.encrypt(l.phone), phoneHash: c.hash(l.phone) };
      const old = l.id ? stored.get(l.id) : undefined;
      if (!old) throw badRequest('请输入完整的手机号码');
      return { phoneEnc: old.phoneEnc, phoneHash: old.phoneHash };
    };
    await chamberRepo.replaceLeaders(
      tx,
      chamberId,
      leaderType,
      list.map((l, i) => ({
        tenantId: actor.tenantId,
        chamberId,
        deptId,
        leaderType,
        name: l.name,
        post: l.post ?? null,
        company: l.company ?? null,
        ...phoneOf(l),
        sort: l.sort ?? i + 1,
        createUser: actor.userId,
      })),
    );
  }

  /** Insert or update at version, inside one transaction with its leader lists. */
  async function write(
    actor: Actor,
    scope: DataScope,
    input: { id?: string; version?: number; deptId: string; values: Values; leaders?: Partial<Record<number, ChamberLeader[] | undefined>> },
  ): Promise<string> {
    try {
      return await db.transaction().execute(async (tx) => {
        let id = input.id;
        if (!id) {
          id = await chamberRepo.insert(tx, {
            ...input.values,
            tenantId: actor.tenantId,
            deptId: input.deptId,
            createUser: actor.userId,
            createDept: actor.deptId,
            updateUser: actor.userId,
          });
          for (const [type, list] of Object.entries(input.leaders ?? {})) await replaceLeaders(tx, actor, id, input.deptId, Number(type), list);
          await changeLog.record(tx, actor, CHAMBER_TRACKED, { mode: 'insert', recordId: id, recordName: String(input.values.name), deptId: input.deptId });
        } else {
          const [current] = await chamberRepo.findMany(tx, scope, [id], { lock: true });
          if (!current) throw notFound();
          const before = (await chamberRepo.snapshots(tx, [id])).get(id)!;
          if (!(await chamberRepo.updateAtVersion(tx, id, input.version!, { ...input.values, deptId: input.deptId, updateUser: actor.userId }))) {
            throw badRequest(STALE_VERSION_MSG);
          }
          if (current.deptId !== input.deptId) await chamberRepo.moveLeaders(tx, id, input.deptId);
          for (const [type, list] of Object.entries(input.leaders ?? {})) await replaceLeaders(tx, actor, id, input.deptId, Number(type), list);
          const after = (await chamberRepo.snapshots(tx, [id])).get(id)!;
          // One history row with a field row per change; an update that changed nothing writes nothing.
          await changeLog.record(
            tx,
            actor,
            CHAMBER_TRACKED,
            { mode: 'update', recordId: id, recordName: String(after.name), deptId: input.deptId },
            { before, after },
          );
        }
        return id;
      });
    } catch (err) {
      const msg = uniqueMessage(err);
      if (msg) throw badRequest(msg);
      throw err;
    }
  }

  async function ownerDept(scope: DataScope, actor: Actor, deptId: string | undefined, fallback: string): Promise<string> {
    const id = deptId ?? fallback;
    if (!(await memberRepo.findOrgInScope(db, scope, id, OWNER_CATEGORIES))) throw badRequest(CHAMBER_MSG.deptNotFound);
    return id;
  }

  const service = {
    scopeOf,

    async detail(actor: Actor, id: string, chamberType?: number): Promise<ChamberRow> {
      const [row] = await chamberRepo.findMany(db, await scopeOf(actor), [id], { chamberType });
      if (!row) throw notFound();
      return row;
    },

    /** chambercommerce submit (BladeX): without id inserts (chamber_add), with id and version updates (chamber_edit). */
    async submit(actor: Actor, input: ChamberSubmit): Promise<{ id: string; created: boolean }> {
      await assertGranted(db, actor, input.id ? 'chamber_edit' : 'chamber_add');
      if (input.id && input.version === undefined) throw badRequest(VERSION_REQUIRED_MSG);
      const scope = await scopeOf(actor);
      // An update names its record first: outside the scope it is 404, whatever else the body holds.
      const current = input.id ? await service.detail(actor, input.id) : undefined;
      if (input.chamberDeptId && input.chamberDeptId !== current?.chamberDeptId && !(await memberRepo.findOrgInScope(db, scope, input.chamberDeptId, [2]))) {
        throw badRequest(CHAMBER_MSG.chamberDeptNotFound);
      }
      // A new record belongs to its chamber org (or the caller's); an update keeps its owner unless deptId names another.
      const deptId =
        current && (input.deptId === undefined || input.deptId === current.deptId)
          ? current.deptId
          : await ownerDept(scope, actor, input.deptId, input.chamberDeptId ?? actor.deptId);
      const { id, version, deptId: _d, vicePresidents, councils, secretariats, ...values } = input;
      const newId = await write(actor, scope, {
        id,
        version,
        deptId,
        values: { ...values, chamberType: values.chamberType ?? 1 },
        leaders: { [LEADER_TYPES.vicePresident]: vicePresidents, [LEADER_TYPES.council]: councils, [LEADER_TYPES.secretariat]: secretariats },
      });
      return { id: newId, created: !id };
    },

    /** save-simple (§3): name → adminName, then chamberName → name; an 外省在苏商会 (type 3). */
    async saveSimple(actor: Actor, input: ChamberSaveSimple): Promise<{ id: string; created: boolean }> {
      await assertGranted(db, actor, input.id ? 'chamber_edit' : 'chamber_add');
      if (input.id && input.version === undefined) throw badRequest(VERSION_REQUIRED_MSG);
      const scope = await scopeOf(actor);
      const current = input.id ? await service.detail(actor, input.id, 3) : undefined;
      const deptId =
        current && (input.deptId === undefined || input.deptId === current.deptId) ? current.deptId : await ownerDept(scope, actor, input.deptId, actor.deptId);
      const adminName = input.name;
      const name = input.chamberName ?? input.name;
      const values: Values = { adminName, name, chamberType: 3 };
      if (input.homeRegion !== undefined) values.homeRegion = input.homeRegion;
      if (input.remark !== undefined) values.remark = input.remark;
      const id = await write(actor, scope, { id: input.id, version: input.version, deptId, values });
      return { id, created: !input.id };
    },

    /** Removes every id or none (another type, outside the scope or gone: 404), with their leaders. */
    async remove(actor: Actor, ids: string[], chamberType: number): Promise<void> {
      const scope = await scopeOf(actor);
      await db.transaction().execute(async (tx) => {
        const rows = await chamberRepo.findMany(tx, scope, ids, { chamberType, lock: true });
        if (rows.length !== ids.length) throw notFound();
        await chamberRepo.softDelete(tx, ids, actor.userId);
        await changeLog.recordMany(
          tx,
          actor,
          CHAMBER_TRACKED,
          'delete',
          rows.map((r) => ({ id: String(r.id), name: r.name, deptId: String(r.deptId) })),
        );
      });
    },
  };
  return service;
}
