import { LOG_MODES, type ChangeLogView, type ChangeLogWithChanges, type ChangeView, type PageResult } from '@gsl/contract';
import type { Db } from '../../db/connection.js';
import { formatTime } from '../http/time.js';
import type { Actor } from '../access/actor.js';

/**
 * The platform's change history (specification §7 aoclog, auto/logger): every write of a tracked record
 * leaves one aoc_log row (who, when, which record, insert / update / delete), and an update one
 * aoc_log_field row per field whose value changed (label, old, new). Callers describe the table once
 * (its tag and tracked fields) and hand over the row before and after the write, inside the write's
 * transaction, so the history commits or rolls back with the change itself.
 */
export interface TrackedRecord {
  /** The record type tag (specification §9: enterprise, group, person). */
  tag: string;
  /** Tracked field → label shown in the history. */
  fields: Record<string, string>;
  /** Personal-data fields: compared in full, stored in the history only in their masked form. */
  masked?: Record<string, (v: string | null) => string | null>;
  /** Code fields shown by their label (e.g. status 2 → 暂停). */
  labels?: Record<string, Record<number, string>>;
}

export interface FieldChange {
  field: string;
  fieldLabel: string;
  oldValue: string | null;
  newValue: string | null;
}

type Row = Record<string, unknown>;

const MAX_VALUE = 2000;

function plain(v: unknown): string | null {
  if (v === null || v === undefined || v === '') return null;
  if (v instanceof Date) return v.toISOString();
  return String(v);
}

function shown(spec: TrackedRecord, field: string, v: string | null): string | null {
  if (v === null) return null;
  const mask = spec.masked?.[field];
  if (mask) return mask(v);
  const labels = spec.labels?.[field];
  const out = labels && Object.hasOwn(labels, Number(v)) ? labels[Number(v)] : v;
  return out.length > MAX_VALUE ? `${out.slice(0, MAX_VALUE - 1)}…` : out;
}

/** The tracked fields whose value differs between the two rows, in the order the spec lists them. */
export function diffRecords(spec: TrackedRecord, before: Row, after: Row): FieldChange[] {
  const out: FieldChange[] = [];
  for (const [field, fieldLabel] of Object.entries(spec.fields)) {
    const a = plain(before[field]);
    const b = plain(after[field]);
    if (a === b) continue;
    out.push({ field, fieldLabel, oldValue: shown(spec, field, a), newValue: shown(spec, field, b) });
  }
  return out;
}

export interface ChangeEntry {
  mode: 'insert' | 'update' | 'delete';
  recordId: string;
  recordName: string | null;
  /** The record's owning org (the history is scoped like the record). */
  deptId: string;
}

export const changeLog = {
  /**
   * Writes the history of one write. For an update, `before`/`after` give the field rows; an update
   * that changed no tracked field writes nothing. Returns the changes written.
   */
  async record(tx: Db, actor: Actor, spec: TrackedRecord, entry: ChangeEntry, rows?: { before: Row; after: Row }): Promise<FieldChange[]> {
    const changes = entry.mode === 'update' && rows ? diffRecords(spec, rows.before, rows.after) : [];
    if (entry.mode === 'update' && !changes.length) return changes;
    const log = await tx
      .insertInto('aocLog')
      .values({
        tenantId: actor.tenantId,
        tag: spec.tag,
        mode: entry.mode,
        recordId: entry.recordId,
        recordName: entry.recordName?.slice(0, 200) ?? null,
        deptId: entry.deptId,
        fieldCount: changes.length,
        createUser: actor.userId,
        createBy: actor.account.slice(0, 64),
        createName: (actor.realName || actor.account).slice(0, 64),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (changes.length)
      await tx
        .insertInto('aocLogField')
        .values(changes.map((c) => ({ logId: log.id, ...c })))
        .execute();
    return changes;
  },

  /** One history row per record of a batch write (remove, import) in one statement each. */
  async recordMany(
    tx: Db,
    actor: Actor,
    spec: TrackedRecord,
    mode: 'insert' | 'delete',
    records: Array<{ id: string; name: string | null; deptId: string }>,
  ): Promise<void> {
    if (!records.length) return;
    await tx
      .insertInto('aocLog')
      .values(
        records.map((r) => ({
          tenantId: actor.tenantId,
          tag: spec.tag,
          mode,
          recordId: r.id,
          recordName: r.name?.slice(0, 200) ?? null,
          deptId: r.deptId,
          fieldCount: 0,
          createUser: actor.userId,
          createBy: actor.account.slice(0, 64),
          createName: (actor.realName || actor.account).slice(0, 64),
        })),
      )
      .execute();
  },
};

/** The field changes of history rows, by log id, in write order. */
export async function changesOf(db: Db, logIds: string[]): Promise<Map<string, ChangeView[]>> {
  const out = new Map<string, ChangeView[]>();
  if (!logIds.length) return out;
  const rows = await db
    .selectFrom('aocLogField')
    .select(['id', 'logId', 'field', 'fieldLabel', 'oldValue', 'newValue'])
    .where('logId', 'in', logIds)
    .orderBy('logId')
    .orderBy('id')
    .execute();
  for (const r of rows) {
    const list = out.get(String(r.logId)) ?? [];
    list.push({ id: String(r.id), field: r.field, fieldLabel: r.fieldLabel, oldValue: r.oldValue, newValue: r.newValue });
    out.set(String(r.logId), list);
  }
  return out;
}

/** A history row as every history call answers it (ids as strings, the mode's name, the time formatted). */
export interface LogRowOf {
  id: string | number;
  tag: string;
  mode: string;
  recordId: string | number;
  recordName: string | null;
  deptId: string | number;
  deptName: string | null;
  fieldCount: number;
  createBy: string | null;
  createName: string | null;
  createTime: Date;
}
export function logView(r: LogRowOf, tagName: string, timeZone: string): ChangeLogView {
  return {
    id: String(r.id),
    tag: r.tag,
    tagName,
    mode: r.mode,
    modeName: LOG_MODES[r.mode] ?? r.mode,
    recordId: String(r.recordId),
    recordName: r.recordName,
    deptId: String(r.deptId),
    deptName: r.deptName,
    fieldCount: r.fieldCount,
    createBy: r.createBy,
    createName: r.createName,
    createTime: formatTime(r.createTime, timeZone),
  };
}

/**
 * One record's history, newest first, with its field changes (the caller has checked that the actor may
 * see the record). Paged by current/size like every list.
 */
export async function recordHistory(
  db: Db,
  q: { tenantId: string; tag: string; tagName: string; recordId: string; current: number; size: number; timeZone: string },
): Promise<PageResult<ChangeLogWithChanges>> {
  const base = db
    .selectFrom('aocLog as l')
    .leftJoin('bladeDept as d', 'd.id', 'l.deptId')
    .where('l.tenantId', '=', q.tenantId)
    .where('l.tag', '=', q.tag)
    .where('l.recordId', '=', q.recordId);
  const [{ n }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    base
      .select(['l.id', 'l.tag', 'l.mode', 'l.recordId', 'l.recordName', 'l.deptId', 'd.deptName', 'l.fieldCount', 'l.createBy', 'l.createName', 'l.createTime'])
      .orderBy('l.createTime', 'desc')
      .orderBy('l.id', 'desc')
      .limit(q.size)
      .offset((q.current - 1) * q.size)
      .execute(),
  ]);
  const changes = await changesOf(
    db,
    rows.map((r) => String(r.id)),
  );
  const total = Number(n);
  return {
    records: rows.map((r) => ({ ...logView(r, q.tagName, q.timeZone), changes: changes.get(String(r.id)) ?? [] })),
    total,
    size: q.size,
    current: q.current,
    pages: Math.ceil(total / q.size),
  };
}
