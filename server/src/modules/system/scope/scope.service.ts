import { SCOPE_MSG, STALE_VERSION_MSG, VERSION_REQUIRED_MSG, type ApiScopeSubmit, type DataScopeSubmit } from '@gsl/contract';
import type { Db } from '../../../db/connection.js';
import type { Actor } from '../../../platform/access/actor.js';
import { invalidateApiScopes } from '../../../platform/access/api-scope.js';
import { assertGranted } from '../../../platform/access/grants.js';
import { SCOPE } from '../../../platform/access/scope.js';
import { badRequest, notFound } from '../../../platform/http/errors.js';
import { menuRepo } from '../menu/menu.repo.js';
import type { ScopeKind } from './scope.kind.js';
import { scopeRepo, type ScopeRow, type ScopeValues } from './scope.repo.js';

/**
 * Scope rules: each belongs to a live menu; a custom data scope (type 5) names depts of
 * the actor's tenant; updates are versioned; removing a rule also drops its grants. Writing an api
 * scope drops this process's cache of api scope patterns, so the guard applies it at once.
 */
export const scopeService = {
  async submit(db: Db, kind: ScopeKind, actor: Actor, input: DataScopeSubmit | ApiScopeSubmit): Promise<{ row: ScopeRow; created: boolean }> {
    await assertGranted(db, actor, `${kind.menu}_${input.id ? 'edit' : 'add'}`);
    if (!(await menuRepo.liveIds(db, [input.menuId])).size) throw badRequest(SCOPE_MSG.menuMissing);
    const common = { menuId: input.menuId, resourceCode: input.resourceCode, scopeName: input.scopeName, remark: input.remark || null };
    let values: ScopeValues;
    if (kind.category === 1) {
      const d = input as DataScopeSubmit;
      let scopeValue: string | null = null;
      if (d.scopeType === SCOPE.CUSTOM) {
        const ids = [...new Set((d.scopeValue ?? '').split(',').filter(Boolean))];
        if (!ids.length) throw badRequest(SCOPE_MSG.customValueRequired);
        const found = await scopeRepo.tenantDepts(db, actor.tenantId, ids);
        if (found.size !== ids.length) throw badRequest(SCOPE_MSG.customValueDepts);
        scopeValue = ids.join(',');
      }
      values = { ...common, scopeType: d.scopeType, scopeColumn: d.scopeColumn || 'dept_id', scopeValue };
    } else {
      const a = input as ApiScopeSubmit;
      values = { ...common, scopeType: a.scopeType ?? 1, scopePath: a.scopePath };
    }
    let id: string;
    if (!input.id) id = await scopeRepo.insert(db, kind, values);
    else {
      if (input.version === undefined) throw badRequest(VERSION_REQUIRED_MSG);
      const updated = await scopeRepo.updateAtVersion(db, kind, input.id, input.version, values);
      if (!updated) {
        if (!(await scopeRepo.findById(db, kind, input.id))) throw notFound();
        throw badRequest(STALE_VERSION_MSG);
      }
      id = updated;
    }
    if (kind.category === 2) invalidateApiScopes(db);
    return { row: (await scopeRepo.findById(db, kind, id))!, created: !input.id };
  },

  async remove(db: Db, kind: ScopeKind, ids: string[]): Promise<void> {
    await db.transaction().execute(async (tx) => {
      if (!(await scopeRepo.remove(tx, kind, ids))) throw notFound();
    });
    if (kind.category === 2) invalidateApiScopes(db);
  },
};
