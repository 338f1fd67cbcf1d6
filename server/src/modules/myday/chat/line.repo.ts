import { sql, type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { ID_RE, type ChatLine, type PageQuery, type PageResult } from '@gsl/contract';
import type { Db } from '../../../db/connection.js';
import type { Actor } from '../../../platform/access/actor.js';
import { pathUnder, scopedTable, scopePredicate, type DataScope } from '../../../platform/access/scope.js';
import { applySort } from '../../../platform/http/paging.js';
import { pageResult } from '../../../platform/http/envelope.js';

/** dept_category as the dept tree carries it (contract DEPT_CATEGORY_NAMES): 1 工商联, 2 商会, 3 协会. */
export const FEDERATION = 1;
export const CHAMBERS = [2, 3];

/**
 * 企业直通车's rows: the member enterprises inside the caller's member data scope, withdrawn members (退会,
 * status 3) left out. One descriptor gives the repo its scope columns and the list route its scope metadata.
 */
export const MEMBER_CONTACTS = scopedTable({
  resource: 'member',
  table: 'aoc_member_enterprise',
  alias: 'm',
  deptColumn: 'dept_id',
  ownerColumn: 'create_user',
  where: 'is_deleted = 0 AND status <> 3',
});

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The orgs above the actor's: the ids on its materialised path ("0,1,5," → 1), itself left out. */
export function ancestorIds(actor: Pick<Actor, 'deptId' | 'deptPath'>): string[] {
  return actor.deptPath.split(',').filter((id) => ID_RE.test(id) && id !== '0' && id !== actor.deptId);
}

type Eb = ExpressionBuilder<any, any>;

/**
 * Count and one page of a list with a fixed order (unread first needs expressions paginate's field
 * whitelist cannot name); ascs/descs naming any field are refused as for any list without sortable fields.
 */
export async function fixedOrderPage<Row>(
  base: SelectQueryBuilder<any, any, any>,
  select: (qb: SelectQueryBuilder<any, any, any>) => SelectQueryBuilder<any, any, Row>,
  query: PageQuery,
  order: (qb: SelectQueryBuilder<any, any, Row>) => SelectQueryBuilder<any, any, Row>,
): Promise<PageResult<Row>> {
  const selected = applySort(select(base), query, {}, []);
  const { total } = (await base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow()) as { total: string };
  const rows =
    Number(total) === 0
      ? []
      : await order(selected)
          .limit(query.size)
          .offset((query.current - 1) * query.size)
          .execute();
  return pageResult(rows as Row[], Number(total), query.current, query.size);
}

/** Which depts a staff line reaches, on alias d (blade_dept). */
export function lineDepts(eb: Eb, actor: Pick<Actor, 'deptId' | 'deptPath'>, line: Exclude<ChatLine, 'mem'>): Expression<SqlBool> {
  switch (line) {
    case 'inside':
      return eb('d.id', '=', actor.deptId);
    case 'fic': {
      const above = ancestorIds(actor);
      return above.length ? eb.and([eb('d.id', 'in', above), eb('d.deptCategory', '=', FEDERATION)]) : sql<SqlBool>`false`;
    }
    case 'coc':
      return eb.and([pathUnder(eb, 'd.idPath', actor.deptPath), eb('d.id', '<>', actor.deptId), eb('d.deptCategory', 'in', CHAMBERS)]);
  }
}

/** One account as the lines see it: its org's place in the tree and its phone (企业直通车). */
export interface Peer {
  id: string;
  name: string;
  deptId: string;
  deptName: string | null;
  idPath: string;
  category: number;
  phone: string | null;
}

/**
 * The staff line through which `viewer` reaches `other`, from the dept tree alone: the same org (inside),
 * a federation above (fic), a chamber or association below (coc); null when none.
 */
export function staffLine(viewer: Pick<Peer, 'deptId' | 'idPath'>, other: Pick<Peer, 'deptId' | 'idPath' | 'category'>): Exclude<ChatLine, 'mem'> | null {
  if (other.deptId === viewer.deptId) return 'inside';
  if (other.category === FEDERATION && viewer.idPath.startsWith(other.idPath)) return 'fic';
  if (CHAMBERS.includes(other.category) && other.idPath.startsWith(viewer.idPath)) return 'coc';
  return null;
}

const staffBase = (db: Db, actor: Actor) =>
  db
    .selectFrom('bladeUser as u')
    .innerJoin('bladeDept as d', 'd.id', 'u.deptId')
    .where('u.tenantId', '=', actor.tenantId)
    .where('u.isDeleted', '=', 0)
    .where('u.status', '=', 1)
    .where('d.isDeleted', '=', 0)
    .where('u.id', '<>', actor.userId);

/** The caller's unread messages per sender (the partial index on unread rows). */
const unreadBySender = (db: Db, userId: string) =>
  db
    .selectFrom('chatMessage')
    .select(['fromUserId', (eb) => eb.fn.countAll<string>().as('n')])
    .where('toUserId', '=', userId)
    .where('readTime', 'is', null)
    .groupBy('fromUserId');

export const lineRepo = {
  /** The live accounts of the caller's tenant among `ids` (the caller and one other, for the line rules). */
  async peers(db: Db, tenantId: string, ids: string[]): Promise<Peer[]> {
    const rows = await db
      .selectFrom('bladeUser as u')
      .innerJoin('bladeDept as d', 'd.id', 'u.deptId')
      .select([
        'u.id',
        sql<string>`coalesce(u.real_name, u.name, u.account)`.as('name'),
        'u.deptId',
        'd.deptName',
        'd.idPath',
        'd.deptCategory as category',
        'u.phone',
      ])
      .where('u.id', 'in', ids)
      .where('u.tenantId', '=', tenantId)
      .where('u.isDeleted', '=', 0)
      .where('u.status', '=', 1)
      .where('d.isDeleted', '=', 0)
      .execute();
    return rows.map((r) => ({ ...r, id: String(r.id), deptId: String(r.deptId) }));
  },

  /**
   * One page of a staff line with the caller's unread messages from each person and the time of the last
   * message between them: conversations with news first (newest first), then the org's order.
   */
  async staffPage(db: Db, actor: Actor, line: Exclude<ChatLine, 'mem'>, query: PageQuery, name?: string) {
    let base = staffBase(db, actor).where((eb) => lineDepts(eb, actor, line));
    if (name) {
      const like = `%${escapeLike(name)}%`;
      base = base.where((eb) => eb.or([eb('u.realName', 'ilike', like), eb('u.name', 'ilike', like), eb('d.deptName', 'ilike', like)]));
    }
    return fixedOrderPage(
      base,
      (qb) =>
        qb
          .leftJoin('chatContact as c', (j) => j.onRef('c.recipientId', '=', 'u.id').on('c.userId', '=', actor.userId))
          .leftJoin('chatMessage as lm', 'lm.id', 'c.lastMessageId')
          .leftJoin(unreadBySender(db, actor.userId).as('un'), 'un.fromUserId', 'u.id')
          .select([
            'u.id',
            sql<string>`coalesce(u.real_name, u.name, u.account)`.as('name'),
            'u.deptId',
            'd.deptName',
            sql<string>`coalesce(un.n, 0)`.as('unread'),
            'lm.createTime as lastTime',
          ]),
      query,
      (qb) =>
        qb
          .orderBy(sql`coalesce(un.n, 0)`, 'desc')
          .orderBy(sql`lm.id desc nulls last`)
          .orderBy('d.sort')
          .orderBy('d.id')
          .orderBy('u.seq')
          .orderBy('u.id'),
    );
  },

  /** One page of 企业直通车: member enterprises in the scope with their contact (phone still encrypted), by name. */
  async memberPage(db: Db, scope: DataScope, query: PageQuery, name?: string) {
    let base = db
      .selectFrom('aocMemberEnterprise as m')
      .leftJoin('bladeDept as d', 'd.id', 'm.deptId')
      .where('m.tenantId', '=', scope.actor.tenantId)
      .where('m.isDeleted', '=', 0)
      .where('m.status', '<>', 3)
      .where((eb) => scopePredicate(eb, scope, MEMBER_CONTACTS.columns));
    if (name) {
      const like = `%${escapeLike(name)}%`;
      base = base.where((eb) => eb.or([eb('m.contactName', 'ilike', like), eb('m.name', 'ilike', like), eb('d.deptName', 'ilike', like)]));
    }
    return fixedOrderPage(
      base,
      (qb) => qb.select(['m.id', 'm.name as enterpriseName', 'm.contactName', 'm.contactPhoneEnc', 'm.contactPhoneHash', 'm.deptId', 'd.deptName']),
      query,
      (qb) => qb.orderBy('m.name').orderBy('m.id'),
    );
  },

  /** Live accounts of the tenant carrying one of these phone numbers (企业直通车: a contact's account). */
  async accountsByPhone(db: Db, actor: Actor, phones: string[]) {
    if (!phones.length) return [];
    return db
      .selectFrom('bladeUser')
      .select(['id', 'phone'])
      .where('tenantId', '=', actor.tenantId)
      .where('isDeleted', '=', 0)
      .where('status', '=', 1)
      .where('phone', 'in', phones)
      .where('id', '<>', actor.userId)
      .orderBy('id')
      .execute();
  },

  /** Whether a member enterprise in the scope names a contact with this phone hash (企业直通车's reach). */
  async memberContactExists(db: Db, scope: DataScope, phoneHash: string): Promise<boolean> {
    const row = await db
      .selectFrom('aocMemberEnterprise as m')
      .select('m.id')
      .where('m.contactPhoneHash', '=', phoneHash)
      .where('m.tenantId', '=', scope.actor.tenantId)
      .where('m.isDeleted', '=', 0)
      .where('m.status', '<>', 3)
      .where((eb) => scopePredicate(eb, scope, MEMBER_CONTACTS.columns))
      .limit(1)
      .executeTakeFirst();
    return Boolean(row);
  },

  /** Which lines reach anyone at all: colleagues, a federation above, a chamber below, a member enterprise. */
  async reachable(db: Db, actor: Actor, memberScope: DataScope): Promise<Record<ChatLine, boolean>> {
    const staff = (line: Exclude<ChatLine, 'mem'>) =>
      staffBase(db, actor)
        .select('u.id')
        .where((eb) => lineDepts(eb, actor, line));
    const row = await db
      .selectNoFrom((eb) => [
        eb.exists(staff('inside')).as('inside'),
        eb.exists(staff('fic')).as('fic'),
        eb.exists(staff('coc')).as('coc'),
        eb
          .exists(
            db
              .selectFrom('aocMemberEnterprise as m')
              .select('m.id')
              .where('m.tenantId', '=', actor.tenantId)
              .where('m.isDeleted', '=', 0)
              .where('m.status', '<>', 3)
              .where((e) => scopePredicate(e, memberScope, MEMBER_CONTACTS.columns)),
          )
          .as('mem'),
      ])
      .executeTakeFirstOrThrow();
    return { inside: Boolean(row.inside), fic: Boolean(row.fic), coc: Boolean(row.coc), mem: Boolean(row.mem) };
  },
};
