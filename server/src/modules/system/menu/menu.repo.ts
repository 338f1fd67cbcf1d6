import { sql, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../../../db/connection.js';
import type { Actor } from '../../../platform/access/actor.js';
import { softDeleteByIds, updateAtVersion } from '../../../platform/db/versioned.js';
import { fieldsOn } from '../../../platform/db/fields.js';
import { filterExpressions } from '../../../platform/http/paging.js';

export interface MenuRow {
  id: string;
  parentId: string;
  code: string;
  name: string;
  alias: string | null;
  path: string | null;
  source: string | null;
  sort: number;
  category: number;
  action: number;
  isOpen: number;
}

/** A menu as the administration screens see it. */
export interface MenuAdminRow extends MenuRow {
  remark: string | null;
  version: number;
  hasChildren: boolean;
}

export const MENU_FIELDS = fieldsOn('m', { name: 'text', code: 'text', alias: 'text', path: 'text', category: 'smallint', isOpen: 'smallint' });

const ROUTE_COLUMNS = ['m.id', 'm.parentId', 'm.code', 'm.name', 'm.alias', 'm.path', 'm.source', 'm.sort', 'm.category', 'm.action', 'm.isOpen'] as const;

const withAdminColumns = (qb: SelectQueryBuilder<any, any, object>) =>
  qb
    .select([...ROUTE_COLUMNS, 'm.remark', 'm.version'])
    .select(sql<boolean>`exists(select 1 from blade_menu c where c.parent_id = m.id and c.is_deleted = 0)`.as('hasChildren'));

const live = (db: Db) => db.selectFrom('bladeMenu as m').where('m.isDeleted', '=', 0) as unknown as SelectQueryBuilder<any, any, object>;

export type MenuValues = Omit<MenuRow, 'id'> & { remark: string | null };

export const menuRepo = {
  /** Menus (and buttons) granted to the actor's roles; administrators hold every menu. */
  granted(db: Db, actor: Actor, opts: { category?: 1 | 2; topMenuId?: string; rootCode?: string } = {}): Promise<MenuRow[]> {
    let q = db.selectFrom('bladeMenu as m').select(ROUTE_COLUMNS).where('m.isDeleted', '=', 0);
    if (!actor.isAdministrator) {
      if (!actor.roleIds.length) return Promise.resolve([]);
      q = q.where('m.id', 'in', (eb) => eb.selectFrom('bladeRoleMenu').select('menuId').where('roleId', 'in', actor.roleIds));
    }
    if (opts.category) q = q.where('m.category', '=', opts.category);
    if (opts.topMenuId) {
      // Only a live top menu of the actor's own tenant selects anything.
      q = q.where('m.id', 'in', (eb) =>
        eb
          .selectFrom('bladeTopMenuSetting as s')
          .innerJoin('bladeTopMenu as t', 't.id', 's.topMenuId')
          .select('s.menuId')
          .where('s.topMenuId', '=', opts.topMenuId!)
          .where('t.tenantId', '=', actor.tenantId)
          .where('t.isDeleted', '=', 0),
      );
    }
    if (opts.rootCode) {
      q = q.where('m.parentId', 'in', (eb) => eb.selectFrom('bladeMenu').select('id').where('code', '=', opts.rootCode!).where('isDeleted', '=', 0));
    }
    return q.orderBy('m.sort').orderBy('m.id').execute() as Promise<MenuRow[]>;
  },

  /** The direct children of the given menus that the actor holds (cockpit list, my-app list). */
  grantedChildren(db: Db, actor: Actor, parentIds: string[]): Promise<MenuRow[]> {
    if (!parentIds.length) return Promise.resolve([]);
    let q = db.selectFrom('bladeMenu as m').select(ROUTE_COLUMNS).where('m.isDeleted', '=', 0).where('m.category', '=', 1).where('m.parentId', 'in', parentIds);
    if (!actor.isAdministrator)
      q = q.where('m.id', 'in', (eb) =>
        eb
          .selectFrom('bladeRoleMenu')
          .select('menuId')
          .where('roleId', 'in', actor.roleIds.length ? actor.roleIds : ['0']),
      );
    return q.orderBy('m.sort').orderBy('m.id').execute() as Promise<MenuRow[]>;
  },

  /** Every live menu (administration list and selects), filtered, in display order. */
  all(db: Db, filters: Record<string, unknown>, category?: 1 | 2): Promise<MenuAdminRow[]> {
    let q = withAdminColumns(live(db)).where((eb) => eb.and(filterExpressions(eb, filters, MENU_FIELDS)));
    if (category) q = q.where('m.category', '=', category);
    return q.orderBy('m.sort').orderBy('m.id').execute() as Promise<MenuAdminRow[]>;
  },

  /** The live children of one menu ('0': the top level), filtered. */
  children(db: Db, parentId: string, filters: Record<string, unknown>): Promise<MenuAdminRow[]> {
    return withAdminColumns(live(db))
      .where('m.parentId', '=', parentId)
      .where((eb) => eb.and(filterExpressions(eb, filters, MENU_FIELDS)))
      .orderBy('m.sort')
      .orderBy('m.id')
      .execute() as Promise<MenuAdminRow[]>;
  },

  findById(db: Db, id: string): Promise<MenuAdminRow | undefined> {
    return withAdminColumns(live(db)).where('m.id', '=', id).executeTakeFirst() as Promise<MenuAdminRow | undefined>;
  },

  /** Which of the ids are live menus. */
  async liveIds(db: Db, ids: string[]): Promise<Set<string>> {
    if (!ids.length) return new Set();
    const rows = await db.selectFrom('bladeMenu').select('id').where('id', 'in', ids).where('isDeleted', '=', 0).execute();
    return new Set(rows.map((r) => String(r.id)));
  },

  /** The live menus among the ids, with their codes. */
  liveCodes(db: Db, ids: string[]): Promise<Array<{ id: string; code: string }>> {
    return db.selectFrom('bladeMenu').select(['id', 'code']).where('id', 'in', ids).where('isDeleted', '=', 0).execute();
  },

  /** Live children of the given menus that are not themselves among them. */
  async orphanedChildren(db: Db, ids: string[]): Promise<number> {
    const r = await db
      .selectFrom('bladeMenu')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('parentId', 'in', ids)
      .where('id', 'not in', ids)
      .where('isDeleted', '=', 0)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  },

  async insert(db: Db, values: MenuValues): Promise<string> {
    const r = await db.insertInto('bladeMenu').values(values).returning('id').executeTakeFirstOrThrow();
    return String(r.id);
  },

  /** Updates only at `version`; undefined when stale or gone. */
  updateAtVersion(db: Db, id: string, version: number, values: MenuValues): Promise<string | undefined> {
    return updateAtVersion(db, 'bladeMenu', id, version, values);
  },

  softDelete(db: Db, ids: string[]): Promise<number> {
    return softDeleteByIds(db, 'bladeMenu', ids);
  },
};
