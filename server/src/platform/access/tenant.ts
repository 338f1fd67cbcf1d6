import { sql } from 'kysely';
import { MENU_TREE, PLATFORM_MENUS, TENANT_MSG, type MenuDef } from '@gsl/contract';
import type { Db } from '../../db/connection.js';

/** Why a tenant's users cannot work now (removed, disabled, expired), or null. */
export async function tenantProblem(db: Db, tenantId: string): Promise<string | null> {
  const t = await db
    .selectFrom('bladeTenant')
    .select(['status', sql<boolean>`expire_time is not null and expire_time < now()`.as('expired')])
    .where('tenantId', '=', tenantId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (!t || t.status !== 1) return TENANT_MSG.unavailable;
  return t.expired ? TENANT_MSG.expired : null;
}

function collect(nodes: MenuDef[], inside: boolean, out: Set<string>) {
  for (const n of nodes) {
    const platform = inside || (PLATFORM_MENUS as readonly string[]).includes(n.code);
    if (platform) out.add(n.code);
    if (n.children) collect(n.children, platform, out);
  }
  return out;
}

/** Every menu and button code under a platform menu (param, param_add, …). */
export const PLATFORM_CODES: ReadonlySet<string> = collect(MENU_TREE, false, new Set());
