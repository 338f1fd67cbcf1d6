import type { Actor } from '../../../platform/access/actor.js';
import type { PageQuery } from '@gsl/contract';
import type { Db } from '../../../db/connection.js';
import { softDeleteByIds, updateAtVersion } from '../../../platform/db/versioned.js';
import { fieldsOn } from '../../../platform/db/fields.js';
import { filterExpressions, paginate } from '../../../platform/http/paging.js';

export const TOP_MENU_FIELDS = fieldsOn('t', { code: 'text', name: 'text', sort: 'int', createTime: 'date' });

export interface TopMenuRow {
  id: string;
  code: string;
  name: string;
  source: string | null;
  path: string | null;
  sort: number;
  version: number;
  createTime: Date;
  updateTime: Date;
}

const COLUMNS = ['t.id', 't.code', 't.name', 't.source', 't.path', 't.sort', 't.version', 't.createTime', 't.updateTime'] as const;
type Values = { code: string; name: string; source: string | null; path: string | null; sort: number };

/** Top menus are the tenant's own (blade_top_menu.tenant_id): every call is bound to the actor's tenant. */
const live = (db: Db, tenantId: string) => db.selectFrom('bladeTopMenu as t').where('t.tenantId', '=', tenantId).where('t.isDeleted', '=', 0);

export const topMenuRepo = {
  page(db: Db, tenantId: string, page: PageQuery, filters: Record<string, unknown>) {
    const base = live(db, tenantId).where((eb) => eb.and(filterExpressions(eb, filters, TOP_MENU_FIELDS)));
    return paginate<TopMenuRow>(base, (qb) => qb.select(COLUMNS), page, TOP_MENU_FIELDS, [
      ['t.sort', 'asc'],
      ['t.id', 'asc'],
    ]);
  },

  findById(db: Db, tenantId: string, id: string): Promise<TopMenuRow | undefined> {
    return live(db, tenantId).select(COLUMNS).where('t.id', '=', id).executeTakeFirst() as Promise<TopMenuRow | undefined>;
  },

  /** The ids among the given that are live top menus of the tenant. */
  async liveIds(db: Db, tenantId: string, ids: string[]): Promise<Set<string>> {
    if (!ids.length) return new Set();
    const rows = await live(db, tenantId).select('t.id').where('t.id', 'in', ids).execute();
    return new Set(rows.map((r) => String(r.id)));
  },

  /** Locks the top menus' rows until the transaction ends (grants of one top menu run one at a time). */
  async lock(tx: Db, ids: string[]): Promise<void> {
    await tx.selectFrom('bladeTopMenu').select('id').where('id', 'in', ids).orderBy('id').forUpdate().execute();
  },

  async insert(db: Db, tenantId: string, values: Values): Promise<string> {
    const r = await db
      .insertInto('bladeTopMenu')
      .values({ ...values, tenantId })
      .returning('id')
      .executeTakeFirstOrThrow();
    return String(r.id);
  },

  updateAtVersion(db: Db, tenantId: string, id: string, version: number, values: Values): Promise<string | undefined> {
    return updateAtVersion(db, 'bladeTopMenu', id, version, values, { tenantId });
  },

  softDelete(db: Db, tenantId: string, ids: string[]): Promise<number> {
    return softDeleteByIds(db, 'bladeTopMenu', ids, undefined, { tenantId });
  },

  async clearSettings(db: Db, topMenuIds: string[]): Promise<void> {
    if (topMenuIds.length) await db.deleteFrom('bladeTopMenuSetting').where('topMenuId', 'in', topMenuIds).execute();
  },

  async insertSettings(db: Db, rows: Array<{ topMenuId: string; menuId: string }>): Promise<void> {
    for (let i = 0; i < rows.length; i += 1000) {
      await db
        .insertInto('bladeTopMenuSetting')
        .values(rows.slice(i, i + 1000))
        .onConflict((oc) => oc.columns(['topMenuId', 'menuId']).doNothing())
        .execute();
    }
  },

  /** The live menus set for the top menus. */
  /**
   * The header's top menus (menu/top-menu): the tenant's, in order; for anyone but an administrator only
   * those configured with at least one menu the actor's roles hold.
   */
  visibleTo(db: Db, actor: Actor): Promise<TopMenuRow[]> {
    let q = live(db, actor.tenantId).select(COLUMNS);
    if (!actor.isAdministrator)
      q = q.where((eb) =>
        eb.exists(
          eb
            .selectFrom('bladeTopMenuSetting as s')
            .innerJoin('bladeRoleMenu as rm', 'rm.menuId', 's.menuId')
            .select('s.menuId')
            .whereRef('s.topMenuId', '=', 't.id')
            .where('rm.roleId', 'in', actor.roleIds.length ? actor.roleIds : ['0']),
        ),
      );
    return q.orderBy('t.sort').orderBy('t.id').execute() as Promise<TopMenuRow[]>;
  },

  async settingMenuIds(db: Db, topMenuIds: string[]): Promise<string[]> {
    if (!topMenuIds.length) return [];
    const rows = await db
      .selectFrom('bladeTopMenuSetting as s')
      .innerJoin('bladeMenu as m', 'm.id', 's.menuId')
      .select('s.menuId')
      .distinct()
      .where('s.topMenuId', 'in', topMenuIds)
      .where('m.isDeleted', '=', 0)
      .orderBy('s.menuId')
      .execute();
    return rows.map((r) => String(r.menuId));
  },
};
