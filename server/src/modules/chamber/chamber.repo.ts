import { sql, type Expression, type SqlBool } from 'kysely';
import { LEADER_TYPES, type PageQuery } from '@gsl/contract';
import type { Db } from '../../db/connection.js';
import { deptUnder, scopePredicate, type DataScope } from '../../platform/access/scope.js';
import { softDeleteByIds, updateAtVersion } from '../../platform/db/versioned.js';
import { fieldsOn } from '../../platform/db/fields.js';
import { filterExpressions, paginate } from '../../platform/http/paging.js';

export const CHAMBER_FIELDS = fieldsOn('c', {
  name: 'text',
  adminName: 'text',
  homeRegion: 'text',
  chamberType: 'smallint',
  deptName: ['d.deptName', 'text'],
  createTime: 'date',
  updateTime: 'date',
});

export type ChamberRow = {
  id: string;
  deptId: string;
  deptName: string | null;
  chamberDeptId: string | null;
  name: string;
  adminName: string | null;
  chamberType: number;
  homeRegion: string | null;
  creditCode: string | null;
  presidentName: string | null;
  secretaryName: string | null;
  address: string | null;
  establishedDate: string | null;
  memberCount: number | null;
  remark: string | null;
  version: number;
  createTime: Date;
  updateTime: Date;
};

const COLUMNS = [
  'c.id',
  'c.deptId',
  'd.deptName',
  'c.chamberDeptId',
  'c.name',
  'c.adminName',
  'c.chamberType',
  'c.homeRegion',
  'c.creditCode',
  'c.presidentName',
  'c.secretaryName',
  'c.address',
  'c.memberCount',
  'c.remark',
  'c.version',
  'c.createTime',
  'c.updateTime',
] as const;

function base(db: Db, scope: DataScope) {
  return db
    .selectFrom('aocChamber as c')
    .leftJoin('bladeDept as d', 'd.id', 'c.deptId')
    .where('c.isDeleted', '=', 0)
    .where('c.tenantId', '=', scope.actor.tenantId)
    .where((eb) => scopePredicate(eb, scope, { dept: 'c.deptId', owner: 'c.createUser' }));
}
const select = (qb: any) => qb.select([...COLUMNS, sql<string>`to_char(c.established_date, 'YYYY-MM-DD')`.as('establishedDate')]);

export const chamberRepo = {
  page(db: Db, scope: DataScope, page: PageQuery, filters: Record<string, unknown>, opts: { chamberType?: number; deptId?: string }) {
    const q = base(db, scope).where((eb) => {
      const parts: Expression<SqlBool>[] = filterExpressions(eb, filters, CHAMBER_FIELDS);
      if (opts.chamberType) parts.push(eb('c.chamberType', '=', opts.chamberType));
      if (opts.deptId) parts.push(deptUnder(eb, 'c.deptId', opts.deptId));
      return eb.and(parts);
    });
    return paginate<ChamberRow>(q, select, page, CHAMBER_FIELDS, [
      ['c.createTime', 'desc'],
      ['c.id', 'desc'],
    ]);
  },

  /** The select list: id and name, by name, at most `size`. */
  selectList(db: Db, scope: DataScope, opts: { deptId?: string; chamberType?: number; name?: string; size: number }) {
    let q = base(db, scope).select(['c.id', 'c.name', 'c.chamberType', 'c.deptId', 'c.chamberDeptId']);
    if (opts.chamberType) q = q.where('c.chamberType', '=', opts.chamberType);
    if (opts.deptId) q = q.where((eb) => deptUnder(eb, 'c.deptId', opts.deptId!));
    if (opts.name) q = q.where('c.name', 'like', `%${opts.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    return q.orderBy('c.name').orderBy('c.id').limit(opts.size).execute();
  },

  async findMany(db: Db, scope: DataScope, ids: string[], opts: { chamberType?: number; lock?: boolean } = {}): Promise<ChamberRow[]> {
    let q = select(base(db, scope).where('c.id', 'in', ids));
    if (opts.chamberType) q = q.where('c.chamberType', '=', opts.chamberType);
    if (opts.lock) q = q.forUpdate('c');
    return q.orderBy('c.id').execute();
  },

  /**
   * The chambers as the change history shows them (no scope: the caller has checked it), two queries
   * for any number of ids: orgs by name, the chamber type by code, each leader list as its names in
   * order ("张三、李四"; never a phone).
   */
  async snapshots(db: Db, ids: string[]): Promise<Map<string, Record<string, unknown>>> {
    const out = new Map<string, Record<string, unknown>>();
    if (!ids.length) return out;
    // One after the other: inside a transaction both run on its one connection.
    const rows = await db
      .selectFrom('aocChamber as c')
      .leftJoin('bladeDept as d', 'd.id', 'c.deptId')
      .leftJoin('bladeDept as cd', 'cd.id', 'c.chamberDeptId')
      .select([
        'c.id',
        'c.name',
        'c.adminName',
        'c.chamberType',
        'c.homeRegion',
        'c.creditCode',
        'c.presidentName',
        'c.secretaryName',
        'c.address',
        'c.memberCount',
        'c.remark',
        'c.deptId',
        'c.chamberDeptId',
        'd.deptName',
        'cd.deptName as chamberDeptName',
        sql<string | null>`to_char(c.established_date, 'YYYY-MM-DD')`.as('establishedDate'),
      ])
      .where('c.id', 'in', ids)
      .execute();
    const leaders = await db
      .selectFrom('aocChamberLeader')
      .select(['chamberId', 'leaderType', 'name'])
      .where('chamberId', 'in', ids)
      .where('isDeleted', '=', 0)
      .orderBy('chamberId')
      .orderBy('leaderType')
      .orderBy('sort')
      .orderBy('id')
      .execute();
    const lists: Record<number, string> = {
      [LEADER_TYPES.vicePresident]: 'vicePresidents',
      [LEADER_TYPES.council]: 'councils',
      [LEADER_TYPES.secretariat]: 'secretariats',
    };
    for (const r of rows) {
      const { deptName, chamberDeptName, ...rest } = r;
      out.set(String(r.id), {
        ...rest,
        // Orgs by name (an org without a name, or gone, by its id).
        deptId: deptName ?? String(r.deptId),
        chamberDeptId: r.chamberDeptId === null ? null : (chamberDeptName ?? String(r.chamberDeptId)),
        vicePresidents: [] as string[],
        councils: [] as string[],
        secretariats: [] as string[],
      });
    }
    for (const l of leaders) {
      const field = lists[l.leaderType];
      const row = out.get(String(l.chamberId));
      if (field && row) (row[field] as string[]).push(l.name);
    }
    for (const row of out.values()) for (const f of Object.values(lists)) row[f] = (row[f] as string[]).join('、');
    return out;
  },

  leaders(db: Db, chamberId: string, leaderType: number) {
    return db
      .selectFrom('aocChamberLeader')
      .select(['id', 'chamberId', 'leaderType', 'name', 'post', 'company', 'phoneEnc', 'sort'])
      .where('chamberId', '=', chamberId)
      .where('leaderType', '=', leaderType)
      .where('isDeleted', '=', 0)
      .orderBy('sort')
      .orderBy('id')
      .limit(5000)
      .execute();
  },

  leaderById(db: Db, scope: DataScope, id: string, leaderType: number) {
    return db
      .selectFrom('aocChamberLeader as l')
      .innerJoin('aocChamber as c', 'c.id', 'l.chamberId')
      .select(['l.id', 'l.chamberId', 'l.leaderType', 'l.name', 'l.post', 'l.company', 'l.phoneEnc', 'l.sort', 'c.name as chamberName'])
      .where('l.id', '=', id)
      .where('l.leaderType', '=', leaderType)
      .where('l.isDeleted', '=', 0)
      .where('c.isDeleted', '=', 0)
      .where('l.tenantId', '=', scope.actor.tenantId)
      .where((eb) => scopePredicate(eb, scope, { dept: 'l.deptId', owner: 'l.createUser' }))
      .executeTakeFirst();
  },

  /** Whether the org is a live dept of the tenant inside the (user) scope. */
  async orgVisible(db: Db, userScope: DataScope, deptId: string): Promise<boolean> {
    const dept = await db
      .selectFrom('bladeDept as d')
      .select('d.id')
      .where('d.id', '=', deptId)
      .where('d.isDeleted', '=', 0)
      .where('d.tenantId', '=', userScope.actor.tenantId)
      .where((eb) => scopePredicate(eb, userScope, { dept: 'd.id' }))
      .executeTakeFirst();
    return !!dept;
  },

  /** A page of the live users of the org's child orgs inside the user scope, by org order then user order. */
  childOrgUsers(db: Db, userScope: DataScope, deptId: string, page: PageQuery) {
    const base = db
      .selectFrom('bladeUser as u')
      .innerJoin('bladeDept as d', 'd.id', 'u.deptId')
      .where('u.isDeleted', '=', 0)
      .where('d.isDeleted', '=', 0)
      .where('u.tenantId', '=', userScope.actor.tenantId)
      .where('d.parentId', '=', deptId)
      .where((eb) => scopePredicate(eb, userScope, { dept: 'u.deptId', owner: 'u.createUser' }));
    return paginate<{ id: string; account: string; realName: string | null; phone: string | null; deptId: string; deptName: string }>(
      base,
      (qb) => qb.select(['u.id', 'u.account', 'u.realName', 'u.phone', 'u.deptId', 'd.deptName']),
      page,
      {},
      [
        ['d.sort', 'asc'],
        ['u.seq', 'asc'],
        ['u.id', 'asc'],
      ],
    );
  },
  /** Chamber columns from the form (validated by the contract's submit schema) and the record's owner. */
  async insert(tx: Db, values: Record<string, unknown>): Promise<string> {
    const row = await tx
      .insertInto('aocChamber')
      .values(values as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    return String(row.id);
  },

  updateAtVersion(tx: Db, id: string, version: number, values: Record<string, unknown>): Promise<string | undefined> {
    return updateAtVersion(tx, 'aocChamber', id, version, values);
  },

  /** Soft-deletes the chambers and their leaders. */
  async softDelete(tx: Db, ids: string[], userId: string): Promise<void> {
    await softDeleteByIds(tx, 'aocChamber', ids, userId);
    await tx.updateTable('aocChamberLeader').set({ isDeleted: 1 }).where('chamberId', 'in', ids).execute();
  },

  /** The chamber's live leaders of one list with their stored phones (a masked phone sent back keeps its number). */
  storedLeaderPhones(tx: Db, chamberId: string, leaderType: number) {
    return tx
      .selectFrom('aocChamberLeader')
      .select(['id', 'phoneEnc', 'phoneHash'])
      .where('chamberId', '=', chamberId)
      .where('leaderType', '=', leaderType)
      .where('isDeleted', '=', 0)
      .execute();
  },

  /** The chamber's leader list becomes `rows` (none when empty). */
  async replaceLeaders(
    tx: Db,
    chamberId: string,
    leaderType: number,
    rows: Array<{
      tenantId: string;
      chamberId: string;
      deptId: string;
      leaderType: number;
      name: string;
      post: string | null;
      company: string | null;
      phoneEnc: string | null;
      phoneHash: string | null;
      sort: number;
      createUser: string;
    }>,
  ): Promise<void> {
    await tx
      .updateTable('aocChamberLeader')
      .set({ isDeleted: 1 })
      .where('chamberId', '=', chamberId)
      .where('leaderType', '=', leaderType)
      .where('isDeleted', '=', 0)
      .execute();
    if (rows.length) await tx.insertInto('aocChamberLeader').values(rows).execute();
  },

  /** Leaders are scoped by their own dept_id: they move with their chamber. */
  async moveLeaders(tx: Db, chamberId: string, deptId: string): Promise<void> {
    await tx.updateTable('aocChamberLeader').set({ deptId }).where('chamberId', '=', chamberId).execute();
  },
};
