import { STALE_VERSION_MSG, TOP_MENU_MSG, VERSION_REQUIRED_MSG, type TopMenuGrant, type TopMenuSubmit } from '@gsl/contract';
import type { Db } from '../../../db/connection.js';
import type { Actor } from '../../../platform/access/actor.js';
import { assertGranted } from '../../../platform/access/grants.js';
import { dbErrorCode, violatedConstraint } from '../../../platform/http/db-errors.js';
import { badRequest, notFound } from '../../../platform/http/errors.js';
import { menuRepo } from '../menu/menu.repo.js';
import { topMenuRepo, type TopMenuRow } from './topmenu.repo.js';

/**
 * Top menus: the tenant's own, code unique within the tenant, versioned updates; the
 * grant replaces the menus shown under each named top menu (routes?topMenuId reads them).
 */
export const topMenuService = {
  async submit(db: Db, actor: Actor, input: TopMenuSubmit): Promise<{ row: TopMenuRow; created: boolean }> {
    await assertGranted(db, actor, input.id ? 'topmenu_edit' : 'topmenu_add');
    const values = { code: input.code, name: input.name, source: input.source || null, path: input.path || null, sort: input.sort };
    try {
      let id: string;
      if (!input.id) id = await topMenuRepo.insert(db, actor.tenantId, values);
      else {
        if (input.version === undefined) throw badRequest(VERSION_REQUIRED_MSG);
        const updated = await topMenuRepo.updateAtVersion(db, actor.tenantId, input.id, input.version, values);
        if (!updated) {
          if (!(await topMenuRepo.findById(db, actor.tenantId, input.id))) throw notFound();
          throw badRequest(STALE_VERSION_MSG);
        }
        id = updated;
      }
      return { row: (await topMenuRepo.findById(db, actor.tenantId, id))!, created: !input.id };
    } catch (err) {
      if (dbErrorCode(err) === '23505' && violatedConstraint(err) === 'uk_top_menu_code') throw badRequest(TOP_MENU_MSG.codeExists);
      throw err;
    }
  },

  /** Removes the top menus and their menu settings together. */
  async remove(db: Db, actor: Actor, ids: string[]): Promise<void> {
    await db.transaction().execute(async (tx) => {
      const live = await topMenuRepo.liveIds(tx, actor.tenantId, ids);
      if (!live.size) throw notFound();
      await topMenuRepo.softDelete(tx, actor.tenantId, [...live]);
      await topMenuRepo.clearSettings(tx, [...live]);
    });
  },

  /** topmenu/grant: for each top menu named, its menus become exactly `menuIds` (one transaction). */
  async grant(db: Db, actor: Actor, input: TopMenuGrant): Promise<void> {
    const topMenuIds = [...new Set(input.topMenuIds)];
    const menuIds = [...new Set(input.menuIds)];
    await db.transaction().execute(async (tx) => {
      const live = await topMenuRepo.liveIds(tx, actor.tenantId, topMenuIds);
      if (live.size !== topMenuIds.length) throw notFound();
      const menus = await menuRepo.liveIds(tx, menuIds);
      if (menus.size !== menuIds.length) throw badRequest(TOP_MENU_MSG.menuMissing);
      await topMenuRepo.lock(tx, topMenuIds);
      await topMenuRepo.clearSettings(tx, topMenuIds);
      await topMenuRepo.insertSettings(
        tx,
        topMenuIds.flatMap((topMenuId) => menuIds.map((menuId) => ({ topMenuId, menuId }))),
      );
    });
  },
};
