import { sql, type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool } from 'kysely';
import type { TagType } from '@gsl/contract';
import type { Db } from '../../../db/connection.js';
import { deptUnder, scopePredicate, type DataScope } from '../../../platform/access/scope.js';

/** dept_category and chamber_type as the dept tree carries them (contract: DEPT_CATEGORY_NAMES, CHAMBER_TYPES). */
const FEDERATION = 1;
const CHAMBER_CATEGORIES = [2, 3];
const CHAMBER_TYPE = { cocAj: 3, cocJa: 4, abroad: 5 } as const;
/** 会员级别 常务理事 and above reach the executive committee (README, deviations: send-range tags). */
const EC_MIN_LEVEL = 3;

/** Where a tag is looked for: below one org, inside the sender's scope, optionally one chamber only. */
export interface TagWhere {
  tenantId: string;
  scope: DataScope;
  baseDeptId: string;
  cocDeptId?: string;
}

/**
 * One person a tag reaches, before deduplication. Accounts carry their phone in clear (blade_user.phone),
 * members encrypted with a keyed hash; the service normalises both.
 */
export interface TagPerson {
  tagType: TagType;
  /** 'u<id>' for an account, 'p<id>' / 'e<id>' / 'g<id>' for a member person, enterprise, group. */
  key: string;
  userId: string | null;
  name: string;
  deptId: string;
  deptName: string | null;
  phone: string | null;
  phoneEnc: string | null;
  phoneHash: string | null;
  email: string | null;
}

type Eb = ExpressionBuilder<any, any>;
const under = (w: TagWhere, column: string) => (eb: Eb) => deptUnder(eb, column, w.baseDeptId);
const inScope = (w: TagWhere, column: string) => (eb: Eb) => scopePredicate(eb, w.scope, { dept: column });

/** Staff accounts of the orgs matching `orgFilter`, below the base org and inside the scope. */
function staff(db: Db, w: TagWhere, orgFilter: (eb: Eb) => Expression<SqlBool>) {
  let q = db
    .selectFrom('bladeUser as u')
    .innerJoin('bladeDept as d', 'd.id', 'u.deptId')
    .where('u.tenantId', '=', w.tenantId)
    .where('u.isDeleted', '=', 0)
    .where('u.status', '=', 1)
    .where('d.isDeleted', '=', 0)
    .where(orgFilter)
    .where(under(w, 'u.deptId'))
    .where(inScope(w, 'u.deptId'));
  if (w.cocDeptId) q = q.where('u.deptId', '=', w.cocDeptId);
  return q;
}

const staffColumns = [
  sql<string>`'u' || u.id`.as('key'),
  'u.id as userId',
  sql<string>`coalesce(u.real_name, u.name, u.account)`.as('name'),
  'u.deptId',
  'd.deptName',
  'u.phone',
  sql<string | null>`null`.as('phoneEnc'),
  sql<string | null>`null`.as('phoneHash'),
  'u.email',
] as const;

function staffQuery(db: Db, tag: TagType, w: TagWhere) {
  switch (tag) {
    case 'aoc':
      return staff(db, w, (eb) => eb('d.deptCategory', '=', FEDERATION));
    case 'coc':
      return staff(db, w, (eb) => eb('d.deptCategory', 'in', CHAMBER_CATEGORIES));
    case 'cocAj':
    case 'cocJa':
    case 'abroad':
      return staff(db, w, (eb) => eb.and([eb('d.deptCategory', 'in', CHAMBER_CATEGORIES), eb('d.chamberType', '=', CHAMBER_TYPE[tag])]));
    default:
      return undefined;
  }
}

const isStaffTag = (tag: TagType) => ['aoc', 'coc', 'cocAj', 'cocJa', 'abroad'].includes(tag);

/** Members (and representatives) of the orgs below the base org and inside the scope. */
function memberQuery(db: Db, tag: TagType, w: TagWhere) {
  // The member tables share their scope columns (dept_id, status, is_deleted); the kind is chosen at run time.
  const live = (q: any, alias: string) => {
    let out = q
      .where(`${alias}.tenantId`, '=', w.tenantId)
      .where(`${alias}.isDeleted`, '=', 0)
      .where(`${alias}.status`, '=', 1)
      .where(under(w, `${alias}.deptId`))
      .where(inScope(w, `${alias}.deptId`));
    if (w.cocDeptId) out = out.where(`${alias}.deptId`, '=', w.cocDeptId);
    return out;
  };
  const columns = (prefix: string, name: RawBuilder<string>, enc: string, hash: string) => [
    sql<string>`${prefix} || m.id`.as('key'),
    sql<string | null>`null`.as('userId'),
    name.as('name'),
    'm.deptId as deptId',
    'd.deptName',
    sql<string | null>`null`.as('phone'),
    sql.ref(`m.${enc}`).as('phoneEnc'),
    sql.ref(`m.${hash}`).as('phoneHash'),
    sql<string | null>`null`.as('email'),
  ];
  const person = columns('p', sql<string>`m.name`, 'phoneEnc', 'phoneHash');
  const contact = columns('', sql<string>`coalesce(m.contact_name, '') || '(' || m.name || ')'`, 'contactPhoneEnc', 'contactPhoneHash');
  const withPrefix = (cols: any[], prefix: string) => [sql<string>`${prefix} || m.id`.as('key'), ...cols.slice(1)];
  const from = (table: 'aocMemberPerson' | 'aocMemberEnterprise' | 'aocMemberGroup') =>
    (db as any).selectFrom(`${table} as m`).leftJoin('bladeDept as d', 'd.id', 'm.deptId');
  switch (tag) {
    case 'memP':
      return live(from('aocMemberPerson'), 'm').select(person);
    case 'ec':
      return live(from('aocMemberPerson'), 'm').where('m.memberLevel', '>=', EC_MIN_LEVEL).select(person);
    case 'memE':
      return live(from('aocMemberEnterprise'), 'm').select(withPrefix(contact, 'e'));
    case 'memG':
      return live(from('aocMemberGroup'), 'm').select(withPrefix(contact, 'g'));
    case 'congress':
      // 会员代表: the persons a member enterprise or group names as its representative.
      return live(from('aocMemberPerson'), 'm')
        .where(sql<SqlBool>`exists (select 1 from aoc_member_representative r where r.person_id = m.id and r.is_deleted = 0)`)
        .select(person);
    default:
      return undefined;
  }
}

function tagQuery(db: Db, tag: TagType, w: TagWhere) {
  return isStaffTag(tag) ? staffQuery(db, tag, w)!.select(staffColumns as never) : memberQuery(db, tag, w)!;
}

export const rangeRepo = {
  /** Every person a tag reaches (for a send or a mixed count). */
  async people(db: Db, tag: TagType, w: TagWhere): Promise<TagPerson[]> {
    const rows = (await (tagQuery(db, tag, w) as any).orderBy('key').execute()) as Omit<TagPerson, 'tagType'>[];
    return rows.map((r) => ({ ...r, userId: r.userId == null ? null : String(r.userId), deptId: String(r.deptId), tagType: tag }));
  },

  /** One page of a tag's people, by name. */
  async page(db: Db, tag: TagType, w: TagWhere, current: number, size: number, name?: string): Promise<{ rows: Omit<TagPerson, 'tagType'>[]; total: number }> {
    const inner = (tagQuery(db, tag, w) as any).as('t');
    let q = db.selectFrom(inner);
    if (name) q = q.where('t.name' as never, 'like', `%${name.replace(/[\\%_]/g, (c) => `\\${c}`)}%` as never);
    const [{ total }] = (await q.select((eb) => eb.fn.countAll<string>().as('total')).execute()) as Array<{ total: string }>;
    const rows = (await q
      .selectAll()
      .orderBy('t.name' as never)
      .orderBy('t.key' as never)
      .limit(size)
      .offset((current - 1) * size)
      .execute()) as Omit<TagPerson, 'tagType'>[];
    return { rows, total: Number(total) };
  },

  /**
   * A tag's head count and how many it reaches on each channel, counted in SQL: accounts by id, phones by
   * number (members by their keyed hash), e-mail by lower-cased address.
   */
  async count(db: Db, tag: TagType, w: TagWhere): Promise<{ total: number; sys: number; sms: number; email: number }> {
    const inner = (tagQuery(db, tag, w) as any).as('t');
    const row = (await db
      .selectFrom(inner)
      .select([
        sql<string>`count(*)`.as('total'),
        sql<string>`count(distinct t.user_id)`.as('sys'),
        sql<string>`count(distinct coalesce(t.phone_hash, case when t.phone ~ '^1[3-9][0-9]{9}$' then t.phone end))`.as('sms'),
        sql<string>`count(distinct case when t.email like '%_@_%' then lower(t.email) end)`.as('email'),
      ])
      .executeTakeFirstOrThrow()) as Record<string, string>;
    return { total: Number(row.total), sys: Number(row.sys), sms: Number(row.sms), email: Number(row.email) };
  },

  /** Whether the org exists in the tenant and lies inside the scope (a range base or a chamber). */
  async deptInScope(db: Db, tenantId: string, scope: DataScope, deptId: string): Promise<boolean> {
    const row = await db
      .selectFrom('bladeDept as d')
      .select('d.id')
      .where('d.id', '=', deptId)
      .where('d.tenantId', '=', tenantId)
      .where('d.isDeleted', '=', 0)
      .where((eb) => scopePredicate(eb, scope, { dept: 'd.id' }))
      .executeTakeFirst();
    return Boolean(row);
  },

  /** A page of the chambers and associations below an org, inside the scope, with their staff counts. */
  async chambers(db: Db, tenantId: string, scope: DataScope, baseDeptId: string, current: number, size: number, name?: string) {
    let q = db
      .selectFrom('bladeDept as d')
      .leftJoin('bladeDept as p', 'p.id', 'd.parentId')
      .where('d.tenantId', '=', tenantId)
      .where('d.isDeleted', '=', 0)
      .where('d.deptCategory', 'in', CHAMBER_CATEGORIES)
      .where((eb) => deptUnder(eb, 'd.id', baseDeptId))
      .where((eb) => scopePredicate(eb, scope, { dept: 'd.id' }));
    if (name) q = q.where('d.deptName', 'like', `%${name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    const { total } = await q.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
    const rows = await q
      .select(['d.id', 'd.deptName', 'p.deptName as parentName', 'd.chamberType'])
      .select(
        sql<string>`(select count(*) from blade_user u where u.dept_id = d.id and u.is_deleted = 0 and u.status = 1 and u.tenant_id = ${tenantId})`.as(
          'staffCount',
        ),
      )
      .orderBy('d.sort')
      .orderBy('d.id')
      .limit(size)
      .offset((current - 1) * size)
      .execute();
    return { rows, total: Number(total) };
  },

  /** Accounts named one by one (a reminder to the unread), inside the scope. */
  async accounts(db: Db, tenantId: string, scope: DataScope, userIds: string[]): Promise<TagPerson[]> {
    if (!userIds.length) return [];
    const rows = await db
      .selectFrom('bladeUser as u')
      .innerJoin('bladeDept as d', 'd.id', 'u.deptId')
      .where('u.tenantId', '=', tenantId)
      .where('u.isDeleted', '=', 0)
      .where('u.status', '=', 1)
      .where('u.id', 'in', userIds)
      .where((eb) => scopePredicate(eb, scope, { dept: 'u.deptId' }))
      .select(staffColumns as never)
      .execute();
    return (rows as unknown as Omit<TagPerson, 'tagType'>[]).map((r) => ({
      ...r,
      userId: String(r.userId),
      deptId: String(r.deptId),
      tagType: (r as { deptCategory?: number }).deptCategory === FEDERATION ? 'aoc' : 'coc',
    }));
  },
};
