import { MENU_MSG, PERMISSION_CODES, STALE_VERSION_MSG, VERSION_REQUIRED_MSG, type MenuSubmit } from '@gsl/contract';
import type { Db } from '../../../db/connection.js';
import type { Actor } from '../../../platform/access/actor.js';
import { assertGranted } from '../../../platform/access/grants.js';
import { dbErrorCode, violatedConstraint } from '../../../platform/http/db-errors.js';
import { badRequest, notFound } from '../../../platform/http/errors.js';
import { menuRepo, type MenuAdminRow, type MenuValues } from './menu.repo.js';

const ROOT = '0';
/**
 * Codes of the contract's registry: routes declare their permission with them and the seed
 * recreates a missing one on start, so they can be neither renamed nor removed here.
 */
const BUILTIN_CODES = new Set(PERMISSION_CODES);

/**
 * Menu rules: code unique; a menu (category 1) needs a route path; nothing hangs under a
 * button; a node cannot move under itself; deleting a node with children is refused; built-in
 * codes stay; updates are versioned. Menus are platform-wide (blade_menu has no tenant).
 */
export const menuService = {
  async submit(db: Db, actor: Actor, input: MenuSubmit): Promise<{ row: MenuAdminRow; created: boolean }> {
    await assertGranted(db, actor, input.id ? 'menu_edit' : 'menu_add');
    const parentId = input.parentId && input.parentId !== ROOT ? input.parentId : ROOT;
    const category = input.category;
    if (category === 1 && !input.path) throw badRequest(MENU_MSG.pathRequired);
    try {
      const id = await db.transaction().execute(async (tx) => {
        if (parentId !== ROOT) {
          const parent = await menuRepo.findById(tx, parentId);
          if (!parent) throw badRequest(MENU_MSG.parentMissing);
          if (parent.category === 2) throw badRequest(MENU_MSG.parentButton);
          if (input.id && (await isSelfOrBelow(tx, parentId, input.id))) throw badRequest(MENU_MSG.parentSelf);
        }
        const base = {
          parentId,
          code: input.code,
          name: input.name,
          alias: input.alias || null,
          path: input.path || null,
          source: input.source || null,
          sort: input.sort,
          category,
          remark: input.remark || null,
        };
        if (!input.id) {
          const values: MenuValues = { ...base, action: input.action ?? (category === 2 ? 1 : 0), isOpen: input.isOpen ?? 1 };
          return menuRepo.insert(tx, values);
        }
        if (input.version === undefined) throw badRequest(VERSION_REQUIRED_MSG);
        const before = await menuRepo.findById(tx, input.id);
        if (!before) throw notFound();
        if (before.code !== input.code && BUILTIN_CODES.has(before.code)) throw badRequest(MENU_MSG.builtinCode);
        if (category === 2 && before.hasChildren) throw badRequest(MENU_MSG.buttonWithChildren);
        const values: MenuValues = { ...base, action: input.action ?? before.action, isOpen: input.isOpen ?? before.isOpen };
        const updated = await menuRepo.updateAtVersion(tx, input.id, input.version, values);
        if (!updated) throw badRequest(STALE_VERSION_MSG);
        return updated;
      });
      return { row: (await menuRepo.findById(db, id))!, created: !input.id };
    } catch (err) {
      if (dbErrorCode(err) === '23505' && violatedConstraint(err) === 'uk_menu_code') throw badRequest(MENU_MSG.codeExists);
      throw err;
    }
  },

  async remove(db: Db, ids: string[]): Promise<void> {
    await db.transaction().execute(async (tx) => {
      const rows = await menuRepo.liveCodes(tx, ids);
      if (!rows.length) throw notFound();
      if (rows.some((r) => BUILTIN_CODES.has(r.code))) throw badRequest(MENU_MSG.builtinRemove);
      if (await menuRepo.orphanedChildren(tx, ids)) throw badRequest(MENU_MSG.hasChildren);
      await menuRepo.softDelete(tx, ids);
    });
  },
};

/** Is `candidate` the node itself or one of its descendants? (walks up from the candidate) */
async function isSelfOrBelow(db: Db, candidate: string, nodeId: string): Promise<boolean> {
  let current: string | undefined = candidate;
  for (let depth = 0; current && current !== ROOT && depth < 64; depth++) {
    if (current === nodeId) return true;
    current = (await menuRepo.findById(db, current))?.parentId;
  }
  return false;
}
