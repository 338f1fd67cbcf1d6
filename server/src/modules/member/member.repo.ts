import { expressionBuilder, sql, type Expression, type Insertable, type Kysely, type SqlBool, type Updateable } from 'kysely';
import type { PageQuery } from '@gsl/contract';
import type { Db } from '../../db/connection.js';
import { softDeleteByIds, updateAtVersion } from '../../platform/db/versioned.js';
import type { Database } from '../../db/schema.js';
import type { MemberCommon } from '../../db/schema-member.js';
import { SCOPE, deptUnder, scopePredicate, type DataScope } from '../../platform/access/scope.js';
import { filterExpressions, paginate } from '../../platform/http/paging.js';
import { memberTable, type MemberKindDef } from './member.kinds.js';

/** The scope columns of every member kind's table (alias m). */
const MEMBER_SCOPE_COLUMNS = memberTable({ sqlTable: 'aoc_member_enterprise' }).columns;

/** A member row as read: plain columns, dates as yyyy-MM-dd, personal data still encrypted. */
export type MemberRow = Record<string, unknown> & {
  id: string;
  deptId: string;
  deptName: string | null;
  regionName: string | null;
  name: string;
  version: number;
  createTime: Date;
  updateTime: Date;
};

/**
 * The kind's table is chosen by a parameter, which Kysely's typing cannot follow: it is named as the
 * table `aocMember`, typed by the columns the three share (MemberCommon); a kind's own columns are
 * referenced by name (sql.ref).
 */
type MemberDb = Kysely<Database & { aocMember: MemberCommon }>;
const tableOf = (db: Db, kind: Pick<MemberKindDef, 'table'>) => ({ mdb: db as unknown as MemberDb, table: kind.table as unknown as 'aocMember' });
/** A kind's values: built from its fields (member.service.ts) after its save/update schema. */
type MemberValues = Record<string, unknown>;

/** The kind's own columns (and its personal data, still encrypted) on alias m. */
const ownColumns = (kind: MemberKindDef) => [...kind.columns, ...kind.sensitive.map((s) => s.enc)].map((c) => sql.ref(`m.${c}`).as(c));

function base(db: Db, kind: MemberKindDef, scope: DataScope) {
  const { mdb, table } = tableOf(db, kind);
  return mdb
    .selectFrom(`${table} as m`)
    .leftJoin('bladeDept as d', 'd.id', 'm.deptId')
    .leftJoin('bladeRegion as r', 'r.code', 'm.regionCode')
    .where('m.isDeleted', '=', 0)
    .where('m.tenantId', '=', scope.actor.tenantId)
    .where((eb) => scopePredicate(eb, scope, MEMBER_SCOPE_COLUMNS));
}

type MemberBase = ReturnType<typeof base>;
/** The row as read: the common columns, the kind's own, its dates as yyyy-MM-dd. */
const withDates = (kind: MemberKindDef) => (qb: MemberBase) =>
  qb
    .select(['m.id', 'm.deptId', 'd.deptName', 'r.name as regionName', 'm.version', 'm.createUser', 'm.createTime', 'm.updateTime'])
    .select(ownColumns(kind))
    .select(kind.dates.map((c) => sql<string>`to_char(${sql.ref(`m.${c}`)}, 'YYYY-MM-DD')`.as(c)));

/** Where an export's next chunk starts: the last row's create_time (text, full precision) and id. */
export interface ExportCursor {
  time: string;
  id: string;
}

/** The page's rows before paging: scope, the kind's whitelisted filters, "that org and below", exact personal-data search. */
function filtered(db: Db, kind: MemberKindDef, scope: DataScope, filters: Record<string, unknown>, extras: PageExtras) {
  return base(db, kind, scope).where((eb) => {
    const parts: Expression<SqlBool>[] = filterExpressions(eb, filters, kind.whitelist);
    if (extras.deptId) parts.push(deptUnder(eb, 'm.deptId', extras.deptId));
    for (const h of extras.hashes) parts.push(eb(sql.ref(`m.${h.column}`), '=', h.hash));
    return eb.and(parts);
  });
}

export interface PageExtras {
  /** "That org and below" (the org tree's materialised path). */
  deptId?: string;
  /** Exact search on personal data: column → keyed hash. */
  hashes: Array<{ column: string; hash: string }>;
}

export const memberRepo = {
  page(db: Db, kind: MemberKindDef, scope: DataScope, page: PageQuery, filters: Record<string, unknown>, extras: PageExtras) {
    // Without filters the total is the maintained per-org count (member-count's), not a count of a whole
    // city's or province's rows; "own records" scopes are not per org and are counted.
    const unfiltered =
      !extras.hashes.length &&
      !scope.rules.some((r) => r.type === SCOPE.OWN) &&
      !filterExpressions(expressionBuilder<any, any>(), filters, kind.whitelist).length;
    const knownTotal = unfiltered ? async () => (await memberRepo.counts(db, scope, extras.deptId))[kind.kind] : undefined;
    return paginate<MemberRow>(
      filtered(db, kind, scope, filters, extras),
      (qb) => withDates(kind)(qb) as never,
      page,
      kind.whitelist,
      [
        ['m.createTime', 'desc'],
        ['m.id', 'desc'],
      ],
      knownTotal,
    );
  },

  /** The number of rows the page would list under the filters (an export's size). */
  async count(db: Db, kind: MemberKindDef, scope: DataScope, filters: Record<string, unknown>, extras: PageExtras): Promise<number> {
    const r = await filtered(db, kind, scope, filters, extras)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(r.n);
  },

  /**
   * One chunk of an export in the page's default order (newest first), by keyset: the rows after
   * `after` (the last row's create_time as full-precision text, and its id). Never an OFFSET scan.
   */
  async exportChunk(
    db: Db,
    kind: MemberKindDef,
    scope: DataScope,
    filters: Record<string, unknown>,
    extras: PageExtras,
    after: ExportCursor | null,
    limit: number,
  ): Promise<Array<MemberRow & { cursorTime: string }>> {
    let q = filtered(db, kind, scope, filters, extras);
    if (after) q = q.where(sql<SqlBool>`(m.create_time, m.id) < (${after.time}::timestamptz, ${after.id}::bigint)`);
    return (await withDates(kind)(q)
      .select(sql<string>`m.create_time::text`.as('cursorTime'))
      .orderBy('m.createTime', 'desc')
      .orderBy('m.id', 'desc')
      .limit(limit)
      .execute()) as unknown as Array<MemberRow & { cursorTime: string }>;
  },

  /** Live rows of the ids inside the scope; `lock` takes row locks for a write. */
  async findMany(db: Db, kind: MemberKindDef, scope: DataScope, ids: string[], lock = false): Promise<MemberRow[]> {
    let q = withDates(kind)(base(db, kind, scope).where('m.id', 'in', ids)).orderBy('m.id');
    if (lock) q = q.forUpdate('m');
    return (await q.execute()) as unknown as MemberRow[];
  },

  async findById(db: Db, kind: MemberKindDef, scope: DataScope, id: string, lock = false): Promise<MemberRow | undefined> {
    return (await memberRepo.findMany(db, kind, scope, [id], lock))[0];
  },

  async insert(db: Db, kind: MemberKindDef, values: MemberValues): Promise<string> {
    const { mdb, table } = tableOf(db, kind);
    const row = await mdb
      .insertInto(table)
      .values(values as Insertable<MemberCommon>)
      .returning('id')
      .executeTakeFirstOrThrow();
    return String(row.id);
  },

  /** Updates when the row still has `version` (bumping it); false when it does not. */
  async updateAtVersion(db: Db, kind: MemberKindDef, id: string, version: number, values: MemberValues): Promise<boolean> {
    return !!(await updateAtVersion(db, kind.table as unknown as 'aocMemberPerson', id, version, values));
  },

  /** One set of values on every id (update-all), bumping each version. */
  async updateMany(db: Db, kind: MemberKindDef, ids: string[], values: MemberValues): Promise<number> {
    const { mdb, table } = tableOf(db, kind);
    const r = await mdb
      .updateTable(table)
      .set({ ...(values as Updateable<MemberCommon>), version: sql`version + 1`, updateTime: sql`now()` })
      .where('id', 'in', ids)
      .where('isDeleted', '=', 0)
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  },

  softDelete(db: Db, kind: MemberKindDef, ids: string[], userId: string): Promise<number> {
    return softDeleteByIds(db, kind.table as unknown as 'aocMemberPerson', ids, userId);
  },

  /** The tenant's live org (federation 1, chamber 2, association 3) by id when it is inside the scope. */
  findOrgInScope(db: Db, scope: DataScope, deptId: string, categories: number[]) {
    return db
      .selectFrom('bladeDept as d')
      .select(['d.id', 'd.deptName', 'd.deptCategory'])
      .where('d.id', '=', deptId)
      .where('d.isDeleted', '=', 0)
      .where('d.tenantId', '=', scope.actor.tenantId)
      .where('d.deptCategory', 'in', categories)
      .where((eb) => scopePredicate(eb, scope, { dept: 'd.id' }))
      .executeTakeFirst();
  },

  /** A dept's name (the import template names the caller's own org). */
  async deptName(db: Db, deptId: string): Promise<string | null> {
    return (await db.selectFrom('bladeDept').select('deptName').where('id', '=', deptId).executeTakeFirst())?.deptName ?? null;
  },

  /** Every live org of the tenant inside the scope that may own members (an import's 所属组织 by name or id). */
  orgsInScope(db: Db, scope: DataScope, categories: number[]) {
    return db
      .selectFrom('bladeDept as d')
      .select(['d.id', 'd.deptName', 'd.fullName'])
      .where('d.isDeleted', '=', 0)
      .where('d.tenantId', '=', scope.actor.tenantId)
      .where('d.deptCategory', 'in', categories)
      .where((eb) => scopePredicate(eb, scope, { dept: 'd.id' }))
      .execute();
  },

  /** The credit codes among `codes` that a live member of the kind already has (tenant-wide, as the unique index). */
  async takenCreditCodes(db: Db, kind: MemberKindDef, tenantId: string, codes: string[]): Promise<Set<string>> {
    const { mdb, table } = tableOf(db, kind);
    const out = new Set<string>();
    for (let i = 0; i < codes.length; i += 1000) {
      const rows = await mdb
        .selectFrom(table)
        .select(sql.ref<string>('creditCode').as('creditCode'))
        .where('tenantId', '=', tenantId)
        .where('isDeleted', '=', 0)
        .where(sql.ref('creditCode'), 'in', codes.slice(i, i + 1000))
        .execute();
      for (const r of rows) out.add(String(r.creditCode));
    }
    return out;
  },

  /** The `certType:certNoHash` pairs among `hashes` that a live person member already has (tenant-wide, as uk_member_psn_cert). */
  async takenCertHashes(db: Db, tenantId: string, hashes: string[]): Promise<Set<string>> {
    const out = new Set<string>();
    for (let i = 0; i < hashes.length; i += 1000) {
      const rows = await db
        .selectFrom('aocMemberPerson')
        .select(['certType', 'certNoHash'])
        .where('tenantId', '=', tenantId)
        .where('isDeleted', '=', 0)
        .where('certNoHash', 'in', hashes.slice(i, i + 1000))
        .execute();
      for (const r of rows) out.add(`${r.certType}:${r.certNoHash}`);
    }
    return out;
  },

  /** The `deptId:orgDeptId` pairs of live group members standing for any of `orgDeptIds` (uk_member_grp_org). */
  async takenGroupOrgs(db: Db, tenantId: string, orgDeptIds: string[]): Promise<Set<string>> {
    const out = new Set<string>();
    for (let i = 0; i < orgDeptIds.length; i += 1000) {
      const rows = await db
        .selectFrom('aocMemberGroup')
        .select(['deptId', 'orgDeptId'])
        .where('tenantId', '=', tenantId)
        .where('isDeleted', '=', 0)
        .where('orgDeptId', 'in', orgDeptIds.slice(i, i + 1000))
        .execute();
      for (const r of rows) out.add(`${r.deptId}:${r.orgDeptId}`);
    }
    return out;
  },

  /** Inserts rows in one statement; their ids, names and owning orgs in order. */
  async insertMany(db: Db, kind: MemberKindDef, rows: MemberValues[]): Promise<Array<{ id: string; name: string; deptId: string }>> {
    const { mdb, table } = tableOf(db, kind);
    const out = await mdb
      .insertInto(table)
      .values(rows as Array<Insertable<MemberCommon>>)
      .returning(['id', 'name', 'deptId'])
      .execute();
    return out.map((r) => ({ id: String(r.id), name: r.name, deptId: String(r.deptId) }));
  },

  /** Whether a live row other than `exceptId` has the keyed hash (uniqueness of personal data). */
  async hashTaken(db: Db, kind: MemberKindDef, tenantId: string, where: Record<string, unknown>, exceptId?: string): Promise<boolean> {
    const { mdb, table } = tableOf(db, kind);
    let q = mdb.selectFrom(table).select('id').where('tenantId', '=', tenantId).where('isDeleted', '=', 0);
    for (const [col, v] of Object.entries(where)) q = q.where(sql.ref(col), '=', v);
    if (exceptId) q = q.where('id', '<>', exceptId);
    return !!(await q.executeTakeFirst());
  },

  /** Live representative links of the members (enterprise/group) or of the persons. */
  async representativeCount(db: Db, by: { kind: 'enterprise' | 'group'; memberIds: string[] } | { personIds: string[] }): Promise<number> {
    let q = db
      .selectFrom('aocMemberRepresentative')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('isDeleted', '=', 0);
    q = 'personIds' in by ? q.where('personId', 'in', by.personIds) : q.where('memberKind', '=', by.kind).where('memberId', 'in', by.memberIds);
    return Number((await q.executeTakeFirstOrThrow()).n);
  },

  /**
   * Counts of live members by kind inside the scope (optionally under one org). Scopes made of orgs sum the
   * per-org counts that migration 0014's triggers keep (aoc_member_dept_count: a province is ~10,000 rows
   * instead of millions); a scope with an "own records" rule counts the member tables themselves.
   */
  async counts(db: Db, scope: DataScope, deptId?: string): Promise<Record<'enterprise' | 'group' | 'person', number>> {
    if (!scope.rules.some((r) => r.type === SCOPE.OWN)) {
      const rows = await db
        .selectFrom('aocMemberDeptCount as m')
        .select(['m.kind', (eb) => eb.fn.sum<string>('m.n').as('n')])
        .where('m.tenantId', '=', scope.actor.tenantId)
        .where((eb) => eb.and([scopePredicate(eb, scope, { dept: 'm.deptId' }), ...(deptId ? [deptUnder(eb, 'm.deptId', deptId)] : [])]))
        .groupBy('m.kind')
        .execute();
      const by: Partial<Record<string, number>> = Object.fromEntries(rows.map((r) => [r.kind, Number(r.n ?? 0)]));
      return { enterprise: by.enterprise ?? 0, group: by.group ?? 0, person: by.person ?? 0 };
    }
    const one = async (kindTable: MemberKindDef['table']) => {
      const { mdb, table } = tableOf(db, { table: kindTable });
      const r = await mdb
        .selectFrom(`${table} as m`)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('m.isDeleted', '=', 0)
        .where('m.tenantId', '=', scope.actor.tenantId)
        .where((eb) => eb.and([scopePredicate(eb, scope, MEMBER_SCOPE_COLUMNS), ...(deptId ? [deptUnder(eb, 'm.deptId', deptId)] : [])]))
        .executeTakeFirstOrThrow();
      return Number(r.n);
    };
    const [enterprise, group, person] = await Promise.all([one('aocMemberEnterprise'), one('aocMemberGroup'), one('aocMemberPerson')]);
    return { enterprise, group, person };
  },
};
