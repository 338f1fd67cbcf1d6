import type { Db } from '../../../db/connection.js';
import type { Actor } from '../../../platform/access/actor.js';

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

export const menuRepo = {
  /** Menus (and buttons) granted to the actor's roles; administrators hold every menu. */
  granted(db: Db, actor: Actor, opts: { category?: 1 | 2; topMenuId?: string; rootCode?: string } = {}): Promise<MenuRow[]> {
    let q = db
      .selectFrom('bladeMenu as m')
      .select(['m.id', 'm.parentId', 'm.code', 'm.name', 'm.alias', 'm.path', 'm.source', 'm.sort', 'm.category', 'm.action', 'm.isOpen'])
      .where('m.isDeleted', '=', 0);
    if (!actor.isAdministrator) {
      if (!actor.roleIds.length) return Promise.resolve([]);
      q = q.where('m.id', 'in', (eb) => eb.selectFrom('bladeRoleMenu').select('menuId').where('roleId', 'in', actor.roleIds));
    }
    if (opts.category) q = q.where('m.category', '=', opts.category);
    if (opts.topMenuId) q = q.where('m.id', 'in', (eb) => eb.selectFrom('bladeTopMenuSetting').select('menuId').where('topMenuId', '=', opts.topMenuId!));
    if (opts.rootCode) {
      q = q.where('m.parentId', 'in', (eb) => eb.selectFrom('bladeMenu').select('id').where('code', '=', opts.rootCode!).where('isDeleted', '=', 0));
    }
    return q.orderBy('m.sort').orderBy('m.id').execute() as Promise<MenuRow[]>;
  },

  /** The direct children of the given menus that the actor holds (cockpit list, my-app list). */
  grantedChildren(db: Db, actor: Actor, parentIds: string[]): Promise<MenuRow[]> {
    if (!parentIds.length) return Promise.resolve([]);
    let q = db
      .selectFrom('bladeMenu as m')
      .select(['m.id', 'm.parentId', 'm.code', 'm.name', 'm.alias', 'm.path', 'm.source', 'm.sort', 'm.category', 'm.action', 'm.isOpen'])
      .where('m.isDeleted', '=', 0)
      .where('m.category', '=', 1)
      .where('m.parentId', 'in', parentIds);
    if (!actor.isAdministrator) q = q.where('m.id', 'in', (eb) => eb.selectFrom('bladeRoleMenu').select('menuId').where('roleId', 'in', actor.roleIds.length ? actor.roleIds : ['0']));
    return q.orderBy('m.sort').orderBy('m.id').execute() as Promise<MenuRow[]>;
  },
};
