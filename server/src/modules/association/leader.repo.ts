import { sql, type Insertable } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { AocAssociationLeaderTable } from '../../db/schema-association.js';
import { scopePredicate, scopedTable, type DataScope } from '../../platform/access/scope.js';
import { softDeleteByIds, updateAtVersion } from '../../platform/db/versioned.js';

/** The data-scope resource of the leadership records (blade_scope_data.resource_code). */
export const ASSOCIATION_RESOURCE = 'association';
/** Orgs that have a team: federations, chambers, associations. */
export const LEADER_ORG_CATEGORIES = [1, 2, 3];

export const LEADERS = scopedTable({
  resource: ASSOCIATION_RESOURCE,
  table: 'aoc_association_leader',
  alias: 'l',
  deptColumn: 'dept_id',
  ownerColumn: 'create_user',
  where: 'is_deleted = 0',
});

/** The columns every answer needs (personal data still encrypted, dates as yyyy-MM-dd). */
const LEADER_COLUMNS = [
  'l.id',
  'l.deptId',
  'l.year',
  'l.leaderType',
  'l.personId',
  'l.name',
  'l.certType',
  'l.certNoEnc',
  'l.certNoHash',
  'l.gender',
  'l.politics',
  'l.phoneEnc',
  'l.phoneHash',
  'l.company',
  'l.post',
  'l.remark',
  'l.sort',
  'l.version',
  'l.createTime',
  'l.updateTime',
  'd.deptName',
] as const;

export interface LeaderRow {
  id: string;
  deptId: string;
  deptName: string | null;
  year: number;
  leaderType: number;
  personId: string | null;
  name: string;
  certType: number;
  certNoEnc: string;
  certNoHash: string;
  gender: number | null;
  birthDate: string | null;
  politics: number | null;
  phoneEnc: string | null;
  phoneHash: string | null;
  company: string | null;
  post: string | null;
  startDate: string | null;
  endDate: string | null;
  remark: string | null;
  sort: number;
  version: number;
  createTime: Date;
  updateTime: Date;
}

const live = (db: Db, tenantId: string) =>
  db
    .selectFrom('aocAssociationLeader as l')
    .leftJoin('bladeDept as d', 'd.id', 'l.deptId')
    .select([
      ...LEADER_COLUMNS,
      sql<string | null>`to_char(l.birth_date, 'YYYY-MM-DD')`.as('birthDate'),
      sql<string | null>`to_char(l.start_date, 'YYYY-MM-DD')`.as('startDate'),
      sql<string | null>`to_char(l.end_date, 'YYYY-MM-DD')`.as('endDate'),
    ])
    .where('l.isDeleted', '=', 0)
    .where('l.tenantId', '=', tenantId);

/** A team's order: the types as shown (主席, 党组书记, 会长, 副主席, 副会长, 理事, 秘书处), then each list's sort. */
const TYPE_ORDER = sql<number>`array_position(array[5, 6, 1, 7, 2, 3, 4]::smallint[], l.leader_type)`;

export type LeaderInsert = Insertable<AocAssociationLeaderTable>;

/** The only SQL of the leaders (aoc_association_leader). Every read of an org's team names an org already checked against the scope. */
export const leaderRepo = {
  /** The tenant's live org (federation, chamber, association) when it lies inside the scope. */
  findOrg(db: Db, scope: DataScope, deptId: string) {
    return db
      .selectFrom('bladeDept as d')
      .select(['d.id', 'd.deptName', 'd.fullName', 'd.idPath', 'd.deptCategory'])
      .where('d.id', '=', deptId)
      .where('d.isDeleted', '=', 0)
      .where('d.tenantId', '=', scope.actor.tenantId)
      .where('d.deptCategory', 'in', LEADER_ORG_CATEGORIES)
      .where((eb) => scopePredicate(eb, scope, { dept: 'd.id' }))
      .executeTakeFirst();
  },

  /** One live leader inside the scope (optionally of some types), locked for a write when asked. */
  async findById(db: Db, scope: DataScope, id: string, opts: { types?: readonly number[]; lock?: boolean } = {}): Promise<LeaderRow | undefined> {
    let q = live(db, scope.actor.tenantId)
      .where('l.id', '=', id)
      .where((eb) => scopePredicate(eb, scope, LEADERS.columns));
    if (opts.types) q = q.where('l.leaderType', 'in', [...opts.types]);
    if (opts.lock) q = q.forUpdate('l');
    return (await q.executeTakeFirst()) as LeaderRow | undefined;
  },

  /** The live leaders among the ids inside the scope (of some types), locked: a remove takes all or none. */
  async lockMany(db: Db, scope: DataScope, ids: string[], types?: readonly number[]): Promise<LeaderRow[]> {
    let q = live(db, scope.actor.tenantId)
      .where('l.id', 'in', ids)
      .where((eb) => scopePredicate(eb, scope, LEADERS.columns));
    if (types) q = q.where('l.leaderType', 'in', [...types]);
    return (await q.forUpdate('l').execute()) as LeaderRow[];
  },

  /** One org's team of one year (some types, or all), in order, one page of it. */
  async team(db: Db, tenantId: string, deptId: string, year: number, types?: readonly number[], page?: { current: number; size: number }) {
    let q = live(db, tenantId).where('l.deptId', '=', deptId).where('l.year', '=', year);
    if (types) q = q.where('l.leaderType', 'in', [...types]);
    q = q.orderBy(TYPE_ORDER).orderBy('l.sort').orderBy('l.id');
    if (page) q = q.limit(page.size).offset((page.current - 1) * page.size);
    return (await q.execute()) as LeaderRow[];
  },

  async countTeam(db: Db, deptId: string, year: number, types?: readonly number[]): Promise<number> {
    let q = db
      .selectFrom('aocAssociationLeader as l')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('l.deptId', '=', deptId)
      .where('l.year', '=', year)
      .where('l.isDeleted', '=', 0);
    if (types) q = q.where('l.leaderType', 'in', [...types]);
    return Number((await q.executeTakeFirstOrThrow()).n);
  },

  /** Every team of an org (the org profile's current and past terms), newest year first. */
  async allTeams(db: Db, tenantId: string, deptId: string) {
    return (await live(db, tenantId)
      .where('l.deptId', '=', deptId)
      .orderBy('l.year', 'desc')
      .orderBy(TYPE_ORDER)
      .orderBy('l.sort')
      .orderBy('l.id')
      .limit(20_000)
      .execute()) as LeaderRow[];
  },

  /** The years that have a team, oldest first, with the team's size. */
  years(db: Db, deptId: string) {
    return db
      .selectFrom('aocAssociationLeader as l')
      .select(['l.year', (eb) => eb.fn.countAll<string>().as('n')])
      .where('l.deptId', '=', deptId)
      .where('l.isDeleted', '=', 0)
      .groupBy('l.year')
      .orderBy('l.year')
      .execute();
  },

  /** The latest year ≤ `year` with a team (the current term as of `year`). */
  async latestYear(db: Db, deptId: string, year: number): Promise<number | null> {
    const r = await db
      .selectFrom('aocAssociationLeader as l')
      .select((eb) => eb.fn.max('l.year').as('year'))
      .where('l.deptId', '=', deptId)
      .where('l.year', '<=', year)
      .where('l.isDeleted', '=', 0)
      .executeTakeFirst();
    return r?.year == null ? null : Number(r.year);
  },

  /** The next sort number of a list (after its last member). */
  async nextSort(db: Db, deptId: string, year: number, leaderType: number): Promise<number> {
    const r = await db
      .selectFrom('aocAssociationLeader as l')
      .select((eb) => eb.fn.max('l.sort').as('sort'))
      .where('l.deptId', '=', deptId)
      .where('l.year', '=', year)
      .where('l.leaderType', '=', leaderType)
      .where('l.isDeleted', '=', 0)
      .executeTakeFirst();
    return r?.sort == null ? 1 : Number(r.sort) + 1;
  },

  async insert(db: Db, values: LeaderInsert): Promise<string> {
    const r = await db.insertInto('aocAssociationLeader').values(values).returning('id').executeTakeFirstOrThrow();
    return String(r.id);
  },

  /** Many rows in one statement (multiplexing), in chunks the drivers' parameter limit allows. */
  async insertMany(db: Db, rows: LeaderInsert[]): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < rows.length; i += 1000) {
      const r = await db
        .insertInto('aocAssociationLeader')
        .values(rows.slice(i, i + 1000))
        .returning('id')
        .execute();
      ids.push(...r.map((x) => String(x.id)));
    }
    return ids;
  },

  updateAtVersion(db: Db, tenantId: string, id: string, version: number, values: Partial<LeaderInsert>) {
    return updateAtVersion(db, 'aocAssociationLeader', id, version, values, { tenantId });
  },

  softDelete(db: Db, ids: string[], userId: string) {
    return softDeleteByIds(db, 'aocAssociationLeader', ids, userId);
  },

  /** A team's live rows of one year, locked (multiplexing replaces or copies them). */
  async lockTeam(db: Db, tenantId: string, deptId: string, year: number): Promise<LeaderRow[]> {
    return (await live(db, tenantId)
      .where('l.deptId', '=', deptId)
      .where('l.year', '=', year)
      .orderBy(TYPE_ORDER)
      .orderBy('l.sort')
      .orderBy('l.id')
      .forUpdate('l')
      .execute()) as LeaderRow[];
  },

  /** New sort numbers, one statement for the whole list (update-sort); answers how many rows changed. */
  async setSorts(db: Db, items: Array<{ id: string; sort: number }>, userId: string): Promise<number> {
    if (!items.length) return 0;
    const values = sql.join(items.map((i) => sql`(${i.id}::bigint, ${i.sort}::int)`));
    const r = await sql`
      update aoc_association_leader l
         set sort = v.sort, version = l.version + 1, update_user = ${userId}::bigint, update_time = now()
        from (values ${values}) as v(id, sort)
       where l.id = v.id and l.is_deleted = 0 and l.sort <> v.sort`.execute(db);
    return Number(r.numAffectedRows ?? 0);
  },

  /** Serialises writers of one org's year (the single posts and multiplexing are checked under it). */
  async lockTerm(db: Db, deptId: string, year: number): Promise<void> {
    await sql`select pg_advisory_xact_lock(${Number(deptId) % 2_000_000_000}::int, ${year}::int)`.execute(db);
  },

  /** One page of the change history (aoc_log, tag leader) of an org's teams, newest first (idx_aoc_log_dept). */
  async logPage(db: Db, tenantId: string, deptId: string, page: { current: number; size: number }) {
    const base = db.selectFrom('aocLog as g').where('g.tenantId', '=', tenantId).where('g.deptId', '=', deptId).where('g.tag', '=', 'leader');
    const total = Number((await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
    const rows = total
      ? await base
          .leftJoin('bladeDept as d', 'd.id', 'g.deptId')
          .select([
            'g.id',
            'g.tag',
            'g.mode',
            'g.recordId',
            'g.recordName',
            'g.deptId',
            'd.deptName',
            'g.fieldCount',
            'g.createBy',
            'g.createName',
            'g.createTime',
          ])
          .orderBy('g.createTime', 'desc')
          .orderBy('g.id', 'desc')
          .limit(page.size)
          .offset((page.current - 1) * page.size)
          .execute()
      : [];
    return { total, rows };
  },

  /** The posts a person holds (by certificate), newest year first, in the orgs inside the scope. */
  postsOf(db: Db, scope: DataScope, cert: { certType: number; certNoHash: string }) {
    return db
      .selectFrom('aocAssociationLeader as l')
      .leftJoin('bladeDept as d', 'd.id', 'l.deptId')
      .select(['l.id', 'l.deptId', 'd.deptName', 'l.year', 'l.leaderType', 'l.post'])
      .where('l.tenantId', '=', scope.actor.tenantId)
      .where('l.certType', '=', cert.certType)
      .where('l.certNoHash', '=', cert.certNoHash)
      .where('l.isDeleted', '=', 0)
      .where((eb) => scopePredicate(eb, scope, LEADERS.columns))
      .orderBy('l.year', 'desc')
      .orderBy(TYPE_ORDER)
      .orderBy('l.id')
      .limit(1000)
      .execute();
  },
};
