import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { MemberKind } from '@gsl/contract';
import type { Db } from '../../db/connection.js';
import type { DataScope } from '../../platform/access/scope.js';
import { bucketOf, inPart, inScope, staleBefore, type Anchor } from './cockpit.scope.js';

const MEMBER_TABLES: Record<MemberKind, string> = { enterprise: 'aoc_member_enterprise', group: 'aoc_member_group', person: 'aoc_member_person' };
/** How a member row meets its duplicate key (aoc_member_dup_key, migration 0035). */
const DUP_EXTRA: Record<MemberKind, string> = { enterprise: "''", group: "''", person: 'm.birth_date::text' };

export interface Part {
  anchor: Anchor;
  own: boolean;
}

type Row = Record<string, unknown>;
const run = async <T extends Row>(db: Db, q: RawBuilder<T>): Promise<T[]> => (await q.execute(db)).rows;
const n = (v: unknown) => Number(v ?? 0);

/**
 * The cockpit's reads: every figure a sum of maintained rows (aoc_member_dept_count of 0014,
 * aoc_member_dept_stat and aoc_member_dup_key of 0035) or an index range of a small table, inside the
 * caller's scope and the part of the org tree asked for.
 */
export const cockpitRepo = {
  async anchor(db: Db, tenantId: string, deptId: string): Promise<(Anchor & { name: string }) | undefined> {
    const [r] = await run<{ id: string; path: string; name: string }>(
      db,
      sql`select id::text as id, id_path as path, dept_name as name from blade_dept where id = ${deptId}::bigint and tenant_id = ${tenantId} and is_deleted = 0`,
    );
    return r;
  },

  /** Live members of the part by kind (the per-org counts of migration 0014). */
  async memberCounts(db: Db, scope: DataScope, part: Part): Promise<Record<MemberKind, number>> {
    const rows = await run<{ kind: MemberKind; n: string }>(
      db,
      sql`select c.kind, sum(c.n) as n from aoc_member_dept_count c
           where c.tenant_id = ${scope.actor.tenantId} and ${inScope(scope, 'c.dept_id')} and ${inPart('c.dept_id', part.anchor, part.own)}
           group by c.kind`,
    );
    const by = Object.fromEntries(rows.map((r) => [r.kind, n(r.n)]));
    return { enterprise: by.enterprise ?? 0, group: by.group ?? 0, person: by.person ?? 0 };
  },

  /** Members by bucket below the anchor (its subordinate federations, or 'self'). */
  async membersByArea(db: Db, scope: DataScope, anchor: Anchor): Promise<Array<{ key: string; name: string; value: number }>> {
    const rows = await run<{ key: string; n: string }>(
      db,
      sql`select b.key, sum(b.n) as n from (
            select ${bucketOf('d.id_path', anchor)} as key, c.n from aoc_member_dept_count c
              join blade_dept d on d.id = c.dept_id and d.is_deleted = 0
             where c.tenant_id = ${scope.actor.tenantId} and c.n <> 0 and ${inScope(scope, 'c.dept_id')} and d.id_path like ${`${anchor.path}%`}
          ) b group by b.key`,
    );
    const names = await this.deptNames(
      db,
      rows.map((r) => r.key).filter((k) => k !== 'self'),
    );
    return rows
      .map((r) => ({ key: r.key, name: r.key === 'self' ? '本级及直属组织' : (names.get(r.key) ?? r.key), value: n(r.n) }))
      .filter((r) => r.value > 0)
      .sort((a, b) => b.value - a.value || a.name.localeCompare(b.name, 'zh'));
  },

  async deptNames(db: Db, ids: string[]): Promise<Map<string, string>> {
    if (!ids.length) return new Map();
    const rows = await run<{ id: string; name: string }>(
      db,
      sql`select id::text as id, dept_name as name from blade_dept where id in (${sql.join(ids.map((i) => sql`${i}::bigint`))})`,
    );
    return new Map(rows.map((r) => [r.id, r.name]));
  },

  /** Sums of one facet of aoc_member_dept_stat by key (kinds: which member kinds count). */
  async facet(
    db: Db,
    scope: DataScope,
    part: Part,
    dim: string,
    kinds?: MemberKind[],
    bucket = false,
  ): Promise<Array<{ key: string; bucket: string; n: number }>> {
    const kindCond = kinds ? sql`and s.kind in (${sql.join(kinds)})` : sql``;
    const rows = await run<{ key: string; bucket: string; n: string }>(
      db,
      sql`select s.key, ${bucket ? bucketOf('d.id_path', part.anchor) : sql`''`} as bucket, sum(s.n) as n
            from aoc_member_dept_stat s ${bucket ? sql`join blade_dept d on d.id = s.dept_id` : sql``}
           where s.tenant_id = ${scope.actor.tenantId} and s.dim = ${dim} ${kindCond} and s.n <> 0
             and ${inScope(scope, 's.dept_id')} and ${inPart('s.dept_id', part.anchor, part.own)}
           group by 1, 2`,
    );
    return rows.map((r) => ({ key: r.key, bucket: r.bucket, n: n(r.n) })).filter((r) => r.n !== 0);
  },

  /** Rows whose key (name; persons name and birth date) is held by more than one live member, by kind and bucket. */
  async duplicates(db: Db, scope: DataScope, part: Part, bucket = false): Promise<Array<{ kind: MemberKind; bucket: string; n: number }>> {
    const one = (kind: MemberKind) =>
      sql`select ${kind} as kind, ${bucket ? bucketOf('d.id_path', part.anchor) : sql`''`} as bucket, count(*) as n
            from aoc_member_dup_key k
            join ${sql.table(MEMBER_TABLES[kind])} m on m.tenant_id = k.tenant_id and m.name = k.name and m.is_deleted = 0 and k.extra = ${sql.raw(DUP_EXTRA[kind])}
            ${bucket ? sql`join blade_dept d on d.id = m.dept_id` : sql``}
           where k.tenant_id = ${scope.actor.tenantId} and k.kind = ${kind} and k.n > 1
             and ${inScope(scope, 'm.dept_id')} and ${inPart('m.dept_id', part.anchor, part.own)}
           group by 1, 2`;
    const rows = await run<{ kind: MemberKind; bucket: string; n: string }>(db, sql`${one('enterprise')} union all ${one('group')} union all ${one('person')}`);
    return rows.map((r) => ({ kind: r.kind, bucket: r.bucket, n: n(r.n) }));
  },

  /** Chambers (aoc_chamber) of the part by type. */
  async chambersByType(db: Db, scope: DataScope, part: Part): Promise<Array<{ type: number; n: number }>> {
    const rows = await run<{ type: number; n: string }>(
      db,
      sql`select c.chamber_type as type, count(*) as n from aoc_chamber c
           where c.is_deleted = 0 and c.tenant_id = ${scope.actor.tenantId} and ${inScope(scope, 'c.dept_id')} and ${inPart('c.dept_id', part.anchor, part.own)}
           group by 1`,
    );
    return rows.map((r) => ({ type: Number(r.type), n: n(r.n) }));
  },

  /** Sends of the orgs in `where` since `from`, by month (tz) and channel. */
  async messagesByMonth(db: Db, tenantId: string, where: RawBuilder<SqlBool>, from: Date, tz: string) {
    return run<{ month: string; channel: string; sends: string; recipients: string }>(
      db,
      sql`select to_char(s.create_time at time zone ${tz}, 'YYYY-MM') as month, s.channel, count(*) as sends, sum(s.recipient_count) as recipients
            from msg_send s where s.is_deleted = 0 and s.tenant_id = ${tenantId} and s.create_time >= ${from} and ${where}
           group by 1, 2`,
    );
  },

  /** Successful sign-ons of accounts of the orgs in `where` since `from`, by day (tz). */
  async loginsByDay(db: Db, where: RawBuilder<SqlBool>, from: Date, tz: string) {
    return run<{ day: string; count: string; users: string }>(
      db,
      sql`select to_char(l.create_time at time zone ${tz}, 'YYYY-MM-DD') as day, count(*) as count, count(distinct l.user_id) as users
            from blade_user_login_log l where l.success = 1 and l.create_time >= ${from} and ${where}
           group by 1`,
    );
  },

  staleBefore,
};
