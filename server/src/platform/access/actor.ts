import { sql } from 'kysely';
import { ID_RE } from '@gsl/contract';
import type { Db } from '../../db/connection.js';

/** The signed-in user as every handler, service and repo sees it. */
export interface Actor {
  userId: string;
  account: string;
  realName: string;
  tenantId: string;
  deptId: string;
  /** The dept's materialised path ("0,1,5,"), for "own dept and below". */
  deptPath: string;
  /** Roles named in the token that the user still holds and that are enabled. */
  roleIds: string[];
  roleAliases: string[];
  isAdministrator: boolean;
  profileTag: string | null;
  clientId: string;
  chainId: string;
  /** Whether the route's permission is granted (always true for 'authenticated'). */
  allowed: boolean;
  /**
   * The account still has a password someone else issued (a new account's initial password, a reset):
   * until the user changes it, only the calls every signed-in user makes ('authenticated') answer.
   */
  passwordResetRequired: boolean;
}

export interface AccessClaims {
  userId: string;
  tenantId: string;
  deptId: string;
  roleIds: string[];
  clientId: string;
  chainId: string;
}

export type ActorLookup = { ok: true; actor: Actor } | { ok: false; reason: 'gone' | 'disabled' | 'revoked' | 'tenant_expired' | 'tenant_unavailable' };

/**
 * One query per request: the user, their dept path, the still-valid roles of the token, whether the
 * token's chain was revoked, and whether the route's permission is granted (two queries for a tenant on
 * its own datasource: the first, on the main database, reads revocation and the tenant's state).
 */
export async function loadActor(db: Db, claims: AccessClaims, permission: 'authenticated' | readonly string[], platform: Db = db): Promise<ActorLookup> {
  // A tenant on its own datasource: revocation and the tenant's state live on the main database.
  const separate = platform !== db;
  const state = separate
    ? (
        await sql<{ revoked: boolean; tenantOk: boolean | null; tenantExpired: boolean | null }>`
          select exists(select 1 from auth_revoked_chain c where c.chain_id = ${claims.chainId}) as revoked,
            (select t.status = 1 from blade_tenant t where t.tenant_id = ${claims.tenantId} and t.is_deleted = 0) as tenant_ok,
            (select t.expire_time is not null and t.expire_time < now() from blade_tenant t where t.tenant_id = ${claims.tenantId} and t.is_deleted = 0) as tenant_expired
        `.execute(platform)
      ).rows[0]
    : null;
  const codes = permission === 'authenticated' ? [] : [...permission];
  const roleIds = claims.roleIds.filter((r) => ID_RE.test(r));
  const row = await sql<{
    account: string;
    realName: string | null;
    tenantId: string;
    status: number;
    deptId: string;
    idPath: string;
    profileTag: string | null;
    passwordResetRequired: number;
    revoked: boolean;
    tenantOk: boolean | null;
    tenantExpired: boolean | null;
    roles: Array<{ id: string; alias: string }> | null;
    granted: boolean;
  }>`
    select u.account, u.real_name, u.tenant_id, u.status, u.dept_id, d.id_path, u.profile_tag, u.password_reset_required,
      ${
        state
          ? sql`${state.revoked}::boolean as revoked, ${state.tenantOk}::boolean as tenant_ok, ${state.tenantExpired}::boolean as tenant_expired,`
          : sql`exists(select 1 from auth_revoked_chain c where c.chain_id = ${claims.chainId}) as revoked,
      (select t.status = 1 from blade_tenant t where t.tenant_id = u.tenant_id and t.is_deleted = 0) as tenant_ok,
      (select t.expire_time is not null and t.expire_time < now() from blade_tenant t where t.tenant_id = u.tenant_id and t.is_deleted = 0) as tenant_expired,`
      }
      (select json_agg(json_build_object('id', r.id::text, 'alias', r.role_alias))
         from blade_user_role ur join blade_role r on r.id = ur.role_id
        where ur.user_id = u.id and r.status = 1 and r.is_deleted = 0
          and r.id::text = any(${roleIds}::text[])) as roles,
      exists(select 1 from blade_role_menu rm
               join blade_menu m on m.id = rm.menu_id and m.is_deleted = 0
               join blade_user_role ur on ur.role_id = rm.role_id and ur.user_id = u.id
               join blade_role r on r.id = rm.role_id and r.status = 1 and r.is_deleted = 0
              where m.code = any(${codes}::text[]) and rm.role_id::text = any(${roleIds}::text[])) as granted
      from blade_user u
      join blade_dept d on d.id = u.dept_id
     where u.id = ${claims.userId} and u.is_deleted = 0 and u.tenant_id = ${claims.tenantId}
  `.execute(db);
  const r = row.rows[0];
  if (!r) return { ok: false, reason: 'gone' };
  if (r.revoked) return { ok: false, reason: 'revoked' };
  if (r.status !== 1) return { ok: false, reason: 'disabled' };
  if (!r.tenantOk) return { ok: false, reason: 'tenant_unavailable' };
  if (r.tenantExpired) return { ok: false, reason: 'tenant_expired' };
  const roles = r.roles ?? [];
  const aliases = roles.map((x) => x.alias);
  const isAdministrator = aliases.includes('administrator');
  return {
    ok: true,
    actor: {
      userId: claims.userId,
      account: r.account,
      realName: r.realName ?? r.account,
      tenantId: r.tenantId,
      deptId: String(r.deptId),
      deptPath: r.idPath,
      roleIds: roles.map((x) => x.id),
      roleAliases: aliases,
      isAdministrator,
      profileTag: r.profileTag,
      clientId: claims.clientId,
      chainId: claims.chainId,
      allowed: permission === 'authenticated' || isAdministrator || r.granted,
      passwordResetRequired: r.passwordResetRequired === 1,
    },
  };
}
