import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';

/** One stored event as the stream sends it: `data` is the JSON text, never parsed on the way through. */
export interface EventRow {
  id: string;
  tenantId: string;
  userId: string;
  type: string;
  data: string;
}

export interface NewEvent {
  tenantId: string;
  userId: string;
  type: string;
  /** JSON text. */
  data: string;
}

/** The live-event table (migration 0024); every method takes the database or transaction to run on. */
export const eventsRepo = {
  /**
   * Inserts the events with one statement (four array parameters, whatever the count) and answers the
   * lowest and highest id given out, which the NOTIFY payload names.
   */
  async insert(db: Db, events: NewEvent[]): Promise<{ lo: string; hi: string } | null> {
    if (!events.length) return null;
    const { rows } = await sql<{ lo: string | null; hi: string | null }>`
      with ins as (
        insert into event_log (tenant_id, user_id, type, data)
        select * from unnest(
          ${events.map((e) => e.tenantId)}::varchar[],
          ${events.map((e) => e.userId)}::bigint[],
          ${events.map((e) => e.type)}::varchar[],
          ${events.map((e) => e.data)}::jsonb[])
        returning id)
      select min(id)::text as lo, max(id)::text as hi from ins`.execute(db);
    const { lo, hi } = rows[0];
    return lo && hi ? { lo, hi } : null;
  },

  /** Announces committed events to every listening process (delivered by PostgreSQL only on commit). */
  async notify(db: Db, channel: string, payload: string): Promise<void> {
    await sql`select pg_notify(${channel}, ${payload})`.execute(db);
  },

  /** The highest id in the table (where a process starts following it). */
  async maxId(db: Db): Promise<string> {
    const { rows } = await sql<{ id: string | null }>`select max(id)::text as id from event_log`.execute(db);
    return rows[0].id ?? '0';
  },

  /**
   * The events of the given users with lo ≤ id (≤ hi when given), oldest first, at most `limit`: one
   * query for a whole burst of notifications, however many users it concerns.
   */
  async forUsers(db: Db, userIds: string[], lo: string, hi: string | null, limit: number): Promise<EventRow[]> {
    if (!userIds.length) return [];
    const { rows } = await sql<EventRow>`
      select id::text as id, tenant_id, user_id::text as user_id, type, data::text as data
      from event_log
      where user_id = any(${userIds}::bigint[]) and id >= ${lo}::bigint ${hi === null ? sql`` : sql`and id <= ${hi}::bigint`}
      order by id
      limit ${limit}`.execute(db);
    return rows;
  },

  /** One user's events after `afterId`, the newest `limit` + 1 of them (one more tells the replay was cut), oldest first. */
  async replay(db: Db, tenantId: string, userId: string, afterId: string, limit: number): Promise<EventRow[]> {
    const { rows } = await sql<EventRow>`
      select id::text as id, tenant_id, user_id::text as user_id, type, data::text as data
      from event_log
      where user_id = ${userId}::bigint and tenant_id = ${tenantId} and id > ${afterId}::bigint
      order by id desc
      limit ${limit + 1}`.execute(db);
    return rows.reverse();
  },

  /** The user's newest event id ('0' when none): the starting point of a stream opened without Last-Event-ID. */
  async lastIdOf(db: Db, tenantId: string, userId: string): Promise<string> {
    const { rows } = await sql<{ id: string | null }>`
      select max(id)::text as id from event_log where user_id = ${userId}::bigint and tenant_id = ${tenantId}`.execute(db);
    return rows[0].id ?? '0';
  },

  /** Deletes up to `batch` events older than the cutoff; answers how many went. */
  async prune(db: Db, before: Date, batch: number): Promise<number> {
    const res = await sql`
      delete from event_log where id in (select id from event_log where create_time < ${before} order by create_time limit ${batch})`.execute(db);
    return Number(res.numAffectedRows ?? 0);
  },
};
