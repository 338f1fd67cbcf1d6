import { sql, type ExpressionBuilder, type SqlBool, type Expression } from 'kysely';
import type { PageQuery } from '@gsl/contract';
import type { Db } from '../../db/connection.js';
import { scopePredicate, type DataScope } from '../../platform/access/scope.js';
import { fieldsOn } from '../../platform/db/fields.js';
import { paginate } from '../../platform/http/paging.js';

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface ItemRow {
  id: string;
  title: string;
  link: string | null;
  summary: string | null;
  author: string | null;
  sourceName: string | null;
  infoTime: Date;
  createTime: Date;
  isManual: number;
  keywords: string | null;
}
export interface MentionRow {
  itemId: string;
  kind: string;
  refId: string;
  name: string;
}

const FIELDS = fieldsOn('i', { infoTime: 'date', createTime: 'date', title: 'text' });
const columns = ['i.id', 'i.title', 'i.link', 'i.summary', 'i.author', 'i.sourceName', 'i.infoTime', 'i.createTime', 'i.isManual', 'i.keywords'] as const;

/**
 * The items the scope shows (README deviation): those naming an org or member inside it, those naming
 * nobody (general news), and those entered by hand by someone of an org inside it.
 */
export function itemInScope(eb: ExpressionBuilder<any, any>, scope: DataScope): Expression<SqlBool> {
  return eb.or([
    eb.not(
      eb.exists(
        eb
          .selectFrom('aocNewsMention as m0')
          .select(sql`1`.as('one'))
          .whereRef('m0.itemId', '=', 'i.id'),
      ),
    ),
    eb.exists(
      eb
        .selectFrom('aocNewsMention as ms')
        .select(sql`1`.as('one'))
        .whereRef('ms.itemId', '=', 'i.id')
        .where((e) => scopePredicate(e, scope, { dept: 'ms.deptId' })),
    ),
    eb.and([eb('i.createDept', 'is not', null), scopePredicate(eb, scope, { dept: 'i.createDept', owner: 'i.createUser' })]),
  ]);
}

function items(db: Db, scope: DataScope) {
  return db
    .selectFrom('aocNewsItem as i')
    .where('i.tenantId', '=', scope.actor.tenantId)
    .where('i.isDeleted', '=', 0)
    .where((eb) => itemInScope(eb, scope));
}

export interface ItemFilter {
  keyword?: string;
  sourceId?: string;
  /** info_time bounds, inclusive days in the display zone. */
  startDate?: string;
  endDate?: string;
  member?: { kind: 'enterprise' | 'group'; id: string };
  timeZone: string;
}

export const newsRepo = {
  page(db: Db, scope: DataScope, query: PageQuery, f: ItemFilter) {
    let base = items(db, scope);
    if (f.keyword) {
      const like = `%${escapeLike(f.keyword)}%`;
      base = base.where((eb) => eb.or([eb('i.title', 'like', like), eb('i.summary', 'like', like)]));
    }
    if (f.sourceId) base = base.where('i.sourceId', '=', f.sourceId);
    if (f.startDate) base = base.where(sql<SqlBool>`i.info_time >= (${f.startDate}::date)::timestamp at time zone ${f.timeZone}`);
    if (f.endDate) base = base.where(sql<SqlBool>`i.info_time < (${f.endDate}::date + 1)::timestamp at time zone ${f.timeZone}`);
    if (f.member) {
      const { kind, id } = f.member;
      base = base.where((eb) =>
        eb.exists(
          eb
            .selectFrom('aocNewsMention as mm')
            .select(sql`1`.as('one'))
            .whereRef('mm.itemId', '=', 'i.id')
            .where('mm.kind', '=', kind)
            .where('mm.refId', '=', id),
        ),
      );
    }
    return paginate<ItemRow>(base, (qb) => qb.select(columns), query, FIELDS, [
      ['i.infoTime', 'desc'],
      ['i.id', 'desc'],
    ]);
  },

  find(db: Db, scope: DataScope, id: string) {
    return items(db, scope)
      .select([...columns, 'i.content'])
      .where('i.id', '=', id)
      .executeTakeFirst();
  },

  /** The mentions of the given items (one query for a page). */
  async mentions(db: Db, itemIds: string[]): Promise<MentionRow[]> {
    if (!itemIds.length) return [];
    const rows = await db
      .selectFrom('aocNewsMention')
      .select(['itemId', 'kind', 'refId', 'name'])
      .where('itemId', 'in', itemIds)
      .orderBy('itemId')
      .orderBy('kind')
      .orderBy('name')
      .execute();
    return rows.map((r) => ({ ...r, itemId: String(r.itemId), refId: String(r.refId) }));
  },

  /** Items in scope collected after `since` (all of them when null). */
  async countSince(db: Db, scope: DataScope, since: Date | null): Promise<number> {
    let q = items(db, scope);
    if (since) q = q.where('i.createTime', '>', since);
    const r = await q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    return Number(r.n);
  },

  /** Items in scope collected since today's midnight in the display zone. */
  async countToday(db: Db, scope: DataScope, timeZone: string): Promise<number> {
    const r = await items(db, scope)
      .where(sql<SqlBool>`i.create_time >= date_trunc('day', now() at time zone ${timeZone}) at time zone ${timeZone}`)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(r.n);
  },

  async lastVisit(db: Db, userId: string): Promise<Date | null> {
    const r = await db.selectFrom('aocNewsVisit').select('visitTime').where('userId', '=', userId).executeTakeFirst();
    return r?.visitTime ?? null;
  },

  /** Records a visit now; answers the previous one. */
  async visit(db: Db, tenantId: string, userId: string): Promise<Date | null> {
    return db.transaction().execute(async (tx) => {
      const before = await tx.selectFrom('aocNewsVisit').select('visitTime').where('userId', '=', userId).forUpdate().executeTakeFirst();
      await tx
        .insertInto('aocNewsVisit')
        .values({ userId, tenantId, visitTime: new Date() })
        .onConflict((oc) => oc.column('userId').doUpdateSet({ visitTime: new Date() }))
        .execute();
      return before?.visitTime ?? null;
    });
  },

  /**
   * Of ids, those the scope may remove: naming an org or member inside it, or entered by hand inside it.
   * A general item (naming nobody) is everyone's to read, so only a scope over everything removes it.
   */
  async removableIds(db: Db, scope: DataScope, ids: string[]): Promise<string[]> {
    const rows = await db
      .selectFrom('aocNewsItem as i')
      .select('i.id')
      .where('i.tenantId', '=', scope.actor.tenantId)
      .where('i.isDeleted', '=', 0)
      .where('i.id', 'in', ids)
      .where((eb) =>
        eb.or([
          scopePredicate(eb, scope, { dept: 'i.createDept', owner: 'i.createUser' }),
          eb.exists(
            eb
              .selectFrom('aocNewsMention as ms')
              .select(sql`1`.as('one'))
              .whereRef('ms.itemId', '=', 'i.id')
              .where((e) => scopePredicate(e, scope, { dept: 'ms.deptId' })),
          ),
        ]),
      )
      .execute();
    return rows.map((r) => String(r.id));
  },

  async softDelete(db: Db, tenantId: string, ids: string[]): Promise<number> {
    const r = await db.updateTable('aocNewsItem').set({ isDeleted: 1 }).where('id', 'in', ids).where('tenantId', '=', tenantId).executeTakeFirst();
    return Number(r.numUpdatedRows);
  },
};
