import { sql } from 'kysely';
import type { Db } from '../../src/db/connection.js';
import { hashPassword } from '../../src/platform/auth/password.js';
import type { TestApp } from '../app.js';
import type { TokenSubject } from './wire.js';

/** Password of every user the harness creates. */
export const QUALITY_PASSWORD = 'Quality@2026';
let hashed: Promise<string> | null = null;
const passwordHash = () => (hashed ??= hashPassword(QUALITY_PASSWORD));

export interface QualityUser extends TokenSubject {
  password: string;
}

/** A role of the default tenant holding the given menu grants ('all' = every menu row, no administrator alias). */
export async function createRole(db: Db, opts: { alias: string; name?: string; grants: 'all' | string[]; tenantId?: string }): Promise<string> {
  const tenantId = opts.tenantId ?? '000001';
  const r = await sql<{ id: string }>`
    insert into blade_role (tenant_id, role_name, role_alias, system_type, parent_id, sort, status, is_deleted)
    values (${tenantId}, ${opts.name ?? opts.alias}, ${opts.alias}, 'aoc', 0, 99, 1, 0) returning id::text as id`.execute(db);
  const roleId = r.rows[0].id;
  await setGrants(db, roleId, opts.grants);
  return roleId;
}

/** Replaces a role's menu grants. */
export async function setGrants(db: Db, roleId: string, grants: 'all' | string[]): Promise<void> {
  await sql`delete from blade_role_menu where role_id = ${roleId}`.execute(db);
  if (grants === 'all') {
    await sql`insert into blade_role_menu (role_id, menu_id) select ${roleId}, id from blade_menu where is_deleted = 0`.execute(db);
  } else if (grants.length) {
    await sql`insert into blade_role_menu (role_id, menu_id) select ${roleId}, id from blade_menu where is_deleted = 0 and code = any(${grants}::text[])`.execute(
      db,
    );
  }
}

export async function revokeGrant(db: Db, roleId: string, code: string): Promise<void> {
  await sql`delete from blade_role_menu where role_id = ${roleId} and menu_id in (select id from blade_menu where code = ${code})`.execute(db);
}

export async function restoreGrant(db: Db, roleId: string, code: string): Promise<void> {
  await sql`insert into blade_role_menu (role_id, menu_id) select ${roleId}, id from blade_menu where is_deleted = 0 and code = ${code} on conflict do nothing`.execute(
    db,
  );
}

/** An enabled user of the default tenant in a dept, holding the roles, with QUALITY_PASSWORD. */
export async function createUser(
  db: Db,
  opts: { account: string; deptId: string; roleIds: string[]; tenantId?: string; realName?: string },
): Promise<QualityUser> {
  const tenantId = opts.tenantId ?? '000001';
  const r = await sql<{ id: string }>`
    insert into blade_user (tenant_id, account, password_hash, real_name, name, dept_id, profile_tag, status, is_deleted)
    values (${tenantId}, ${opts.account}, ${await passwordHash()}, ${opts.realName ?? '质量测试'}, ${opts.realName ?? '质量测试'}, ${opts.deptId}, 'aoc', 1, 0)
    returning id::text as id`.execute(db);
  const id = r.rows[0].id;
  for (const roleId of opts.roleIds) await sql`insert into blade_user_role (user_id, role_id) values (${id}, ${roleId})`.execute(db);
  return { id, account: opts.account, tenantId, deptId: opts.deptId, roleIds: opts.roleIds, password: QUALITY_PASSWORD };
}

/** An existing user as a token subject (its current roles). */
export async function subjectOf(db: Db, account: string): Promise<TokenSubject> {
  const r = await sql<{ id: string; tenantId: string; deptId: string; roleIds: string[] | null }>`
    select u.id::text as id, u.tenant_id, u.dept_id::text as dept_id,
           (select array_agg(ur.role_id::text order by ur.role_id) from blade_user_role ur where ur.user_id = u.id) as role_ids
      from blade_user u where u.account = ${account} and u.is_deleted = 0`.execute(db);
  const row = r.rows[0];
  if (!row) throw new Error(`no user ${account}`);
  return { id: row.id, account, tenantId: row.tenantId, deptId: row.deptId, roleIds: row.roleIds ?? [] };
}

/** The id of the (first) live dept with this name. */
export async function deptId(db: Db, name: string): Promise<string> {
  const r = await sql<{ id: string }>`select id::text as id from blade_dept where dept_name = ${name} and is_deleted = 0 order by id limit 1`.execute(db);
  if (!r.rows[0]) throw new Error(`no dept ${name}`);
  return r.rows[0].id;
}

/**
 * A data-scope rule (blade_scope_data) for a resource, held by a role (blade_role_scope, category 1).
 * type: 1 all, 2 own records, 3 own dept, 4 own dept and below, 5 custom (deptIds).
 */
export async function grantScope(
  db: Db,
  opts: { roleId: string; resource: string; type: 1 | 2 | 3 | 4 | 5; deptIds?: string[]; menuCode?: string },
): Promise<string> {
  const menu = await sql<{
    id: string;
  }>`select id::text as id from blade_menu where is_deleted = 0 order by (code = ${opts.menuCode ?? ''}) desc, id limit 1`.execute(db);
  const r = await sql<{ id: string }>`
    insert into blade_scope_data (menu_id, resource_code, scope_name, scope_column, scope_type, scope_value, status, is_deleted)
    values (${menu.rows[0].id}, ${opts.resource}, ${`quality ${opts.resource} type ${opts.type}`}, 'dept_id', ${opts.type}, ${opts.deptIds?.join(',') ?? null}, 1, 0)
    returning id::text as id`.execute(db);
  await sql`insert into blade_role_scope (role_id, scope_category, scope_id) values (${opts.roleId}, 1, ${r.rows[0].id})`.execute(db);
  return r.rows[0].id;
}

/** Signs in with the password grant (a real login: the login journal gets its row). */
export async function passwordLogin(t: TestApp, account: string, password: string): Promise<string> {
  return (await t.login(account, password)).access_token as string;
}
