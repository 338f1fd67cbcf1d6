import { sql } from 'kysely';
import { ID_RE } from '@gsl/contract';
import type { Db } from '../../db/connection.js';
import { cachedAccess, rolesKey } from './access-cache.js';

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

/** What a sign-on chain's actor is built from, kept between requests (access-cache.ts) on the main database. */
interface ActorRow {
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
  /** When the tenant expires (ms since the epoch), null when it does not: compared with the clock on every request. */
  tenantExpiresAt: number | null;
  roles: Array<{ id: string; alias: string }> | null;
}

/**
 * The actor of a request: the user, their dept path, the still-valid roles of the token, whether the token's
 * chain was revoked, the tenant's state, and whether the route's permission is granted. On the main database
 * the user's part and each role set's granted menu codes are kept in this process until any of their tables
 * changes in any process (access-cache.ts, migration 0057), so a request costs no query while nothing
 * changed; the tenant's expiry is compared with the clock every time. A tenant on its own datasource reads
 * everything on every request (two queries: revocation and the tenant's state live on the main database).
 */
export async function loadActor(db: Db, claims: AccessClaims, permission: 'authenticated' | readonly string[], platform: Db = db): Promise<ActorLookup> {
  const roleIds = claims.roleIds.filter((r) => ID_RE.test(r));
  const separate = platform !== db;
  const key = `actor|${claims.tenantId}|${claims.userId}|${claims.chainId}|${roleIds.join(',')}`;
  const r = separate ? await readActorRow(db, claims, roleIds, platform) : await cachedAccess(db, key, () => readActorRow(db, claims, roleIds, null));
  if (!r) return { ok: false, reason: 'gone' };
  if (r.revoked) return { ok: false, reason: 'revoked' };
  if (r.status !== 1) return { ok: false, reason: 'disabled' };
  if (!r.tenantOk) return { ok: false, reason: 'tenant_unavailable' };
  if (r.tenantExpiresAt !== null && r.tenantExpiresAt < Date.now()) return { ok: false, reason: 'tenant_expired' };
  const roles = r.roles ?? [];
  const aliases = roles.map((x) => x.alias);
  const isAdministrator = aliases.includes('administrator');
  const held = roles.map((x) => x.id);
  let allowed = permission === 'authenticated' || isAdministrator;
  if (permission !== 'authenticated' && !allowed && permission.length && held.length) {
    const granted = separate ? await grantedCodes(db, held) : await grantedCodesOf(db, held);
    allowed = permission.some((code) => granted.has(code));
  }
  return {
    ok: true,
    actor: {
      userId: claims.userId,
      account: r.account,
      realName: r.realName ?? r.account,
      tenantId: r.tenantId,
      deptId: String(r.deptId),
      deptPath: r.idPath,
      roleIds: held,
      roleAliases: aliases,
      isAdministrator,
      profileTag: r.profileTag,
      clientId: claims.clientId,
      chainId: claims.chainId,
      allowed,
      passwordResetRequired: r.passwordResetRequired === 1,
    },
  };
}

/**
 * The menu and button codes granted to any of `roleIds` (enabled roles the user holds) through live menus,
 * kept per role set on the main database (read each time through a tenant's own datasource).
 */
export function grantedCodesOf(db: Db, roleIds: readonly string[]): Promise<ReadonlySet<string>> {
  return cachedAccess(db, `grants|${rolesKey(roleIds)}`, () => grantedCodes(db, roleIds));
}

async function grantedCodes(db: Db, roleIds: readonly string[]): Promise<ReadonlySet<string>> {
  const rows = await sql<{ code: string }>`
    select distinct m.code from blade_role_menu rm
      join blade_menu m on m.id = rm.menu_id and m.is_deleted = 0
     where rm.role_id::text = any(${[...roleIds]}::text[]) and m.code is not null
  `.execute(db);
  return new Set(rows.rows.map((x) => x.code));
}

/** One query (two for a tenant on its own datasource, `platform` given): the user's part of the actor, null when the user is gone. */
async function readActorRow(db: Db, claims: AccessClaims, roleIds: string[], platform: Db | null): Promise<ActorRow | null> {
  const state = platform
    ? (
        await sql<{ revoked: boolean; tenantOk: boolean | null; tenantExpiresAt: number | null }>`
          select exists(select 1 from auth_revoked_chain c where c.chain_id = ${claims.chainId}) as revoked,
            (select t.status = 1 from blade_tenant t where t.tenant_id = ${claims.tenantId} and t.is_deleted = 0) as tenant_ok,
            (select (extract(epoch from t.expire_time) * 1000)::float8 from blade_tenant t where t.tenant_id = ${claims.tenantId} and t.is_deleted = 0) as tenant_expires_at
        `.execute(platform)
      ).rows[0]
    : null;
  const row = await sql<ActorRow>`
    select u.account, u.real_name, u.tenant_id, u.status, u.dept_id, d.id_path, u.profile_tag, u.password_reset_required,
      ${
        state
          ? sql`${state.revoked}::boolean as revoked, ${state.tenantOk}::boolean as tenant_ok, ${state.tenantExpiresAt}::float8 as tenant_expires_at,`
          : sql`exists(select 1 from auth_revoked_chain c where c.chain_id = ${claims.chainId}) as revoked,
      (select t.status = 1 from blade_tenant t where t.tenant_id = u.tenant_id and t.is_deleted = 0) as tenant_ok,
      (select (extract(epoch from t.expire_time) * 1000)::float8 from blade_tenant t where t.tenant_id = u.tenant_id and t.is_deleted = 0) as tenant_expires_at,`
      }
      (select json_agg(json_build_object('id', r.id::text, 'alias', r.role_alias) order by r.id)
         from blade_user_role ur join blade_role r on r.id = ur.role_id
        where ur.user_id = u.id and r.status = 1 and r.is_deleted = 0
          and r.id::text = any(${roleIds}::text[])) as roles
      from blade_user u
      join blade_dept d on d.id = u.dept_id
     where u.id = ${claims.userId} and u.is_deleted = 0 and u.tenant_id = ${claims.tenantId}
  `.execute(db);
  const r = row.rows[0];
  if (!r) return null;
  return { ...r, tenantExpiresAt: r.tenantExpiresAt === null ? null : Number(r.tenantExpiresAt) };
}
