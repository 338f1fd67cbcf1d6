import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';

/** What a role holds beyond a grantor's own grants (any live menu or button, data scope or API scope), per role. */
export interface CeilingExcess {
  roleId: string;
  menus: number;
  dataScopes: number;
  apiScopes: number;
}

/**
 * The grant ceiling's one query: for each role, how many of its live grants the grantor's roles do not
 * cover. A menu or button, and an API scope, is covered only by the same one; a data scope by a live rule
 * of the same resource that reaches at least as far (BladeX types: 1 all ⊇ 4 own org and below ⊇ 3 own
 * org ⊇ 2 own records; 5 custom only by itself). The grantee's org lies inside the grantor's scope, so
 * "own org (and below)" of the grantee stays inside the grantor's.
 */
export const grantCeilingRepo = {
  async excess(db: Db, roleIds: string[], grantorRoleIds: string[]): Promise<CeilingExcess[]> {
    if (!roleIds.length) return [];
    const mine = grantorRoleIds.length ? grantorRoleIds : ['0'];
    const rows = await sql<{ roleId: string; menus: string; dataScopes: string; apiScopes: string }>`
      select r.id::text as role_id,
        (select count(*) from blade_role_menu rm join blade_menu m on m.id = rm.menu_id and m.is_deleted = 0
          where rm.role_id = r.id
            and not exists (select 1 from blade_role_menu h where h.menu_id = rm.menu_id and h.role_id::text = any(${mine}::text[]))) as menus,
        (select count(*) from blade_role_scope rs join blade_scope_data sd on sd.id = rs.scope_id and sd.is_deleted = 0 and sd.status = 1
          where rs.role_id = r.id and rs.scope_category = 1
            and not exists (
              select 1 from blade_role_scope hs join blade_scope_data hd on hd.id = hs.scope_id and hd.is_deleted = 0 and hd.status = 1
               where hs.role_id::text = any(${mine}::text[]) and hs.scope_category = 1 and hd.resource_code = sd.resource_code
                 and (hd.id = sd.id or hd.scope_type = 1
                   or (hd.scope_type = 4 and sd.scope_type in (2, 3, 4))
                   or (hd.scope_type = 3 and sd.scope_type in (2, 3))
                   or (hd.scope_type = 2 and sd.scope_type = 2)))) as data_scopes,
        (select count(*) from blade_role_scope rs join blade_scope_api sa on sa.id = rs.scope_id and sa.is_deleted = 0
          where rs.role_id = r.id and rs.scope_category = 2
            and not exists (select 1 from blade_role_scope hs where hs.scope_id = rs.scope_id and hs.scope_category = 2 and hs.role_id::text = any(${mine}::text[]))) as api_scopes
      from blade_role r
     where r.id::text = any(${roleIds}::text[])
    `.execute(db);
    return rows.rows.map((r) => ({ roleId: String(r.roleId), menus: Number(r.menus), dataScopes: Number(r.dataScopes), apiScopes: Number(r.apiScopes) }));
  },
};
