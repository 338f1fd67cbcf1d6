import { sql } from 'kysely';
import { MENU_TREE, type MenuDef } from '@gsl/contract';
import type { Db } from '../connection.js';
import { DEV_WEB_ORIGIN, type AppConfig } from '../../platform/config/config.js';
import { sha256 } from '../../platform/auth/tokens.js';
import { seedUserScopes } from './reference-user.js';
import { seedDeptReference } from './reference-dept.js';
import { seedMemberReference } from './reference-member.js';
import { seedProfileReference } from './reference-profile.js';
import { seedAttachReference } from './reference-attach.js';
import { seedMessageReference } from './reference-message.js';
import { seedMyOrgAddressReference } from './reference-myorg-address.js';
import { seedFillinReference } from './reference-fillin.js';
import { seedAssociationReference } from './reference-association.js';
import { seedMyOrgOwnReference } from './reference-myorg-own.js';
import { seedMyOrgAccountReference } from './reference-myorg-account.js';
import { seedNewsReference } from './reference-news.js';
import { seedPortalAppReference } from './reference-portalapp.js';
import { DEFAULT_GRANTS, DEFAULT_SCOPES, DICTS, LOG_SCOPES, VERSION_LOGS, DICT_BIZ, PARAMS, ROLES, type RoleAlias } from './reference-data.js';
import { grantMenus, insertRoleMenus, insertScopeRules } from './seed-grants.js';

type Tx = Db;

/**
 * Reference data every installation has, idempotent: rows are inserted when missing and
 * never overwritten, so administrators' edits survive restarts. One-time steps (default grants) are
 * recorded in seed_step.
 */
export async function seedReference(db: Db, cfg: AppConfig): Promise<Record<RoleAlias, string>> {
  return db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(727003)`.execute(tx);
    await seedTenant(tx, cfg);
    await seedClient(tx, cfg);
    const menuIds = await seedMenus(tx, MENU_TREE, '0', new Map());
    const roleIds = await seedRoles(tx, cfg.defaultTenantId);
    await once(tx, 'default-grants-v1', () => grantDefaults(tx, roleIds, menuIds));
    // Menus added after an installation's first start reach its administrator once.
    await once(tx, 'datasource-grants-v1', async () => {
      const codes = codesUnder(MENU_TREE, new Set(['datasource']), new Set());
      await grantMenus(tx, roleIds, menuIds, codes, ['administrator']);
    });
    await once(tx, 'support-grants-v1', async () => {
      const codes = codesUnder(MENU_TREE, new Set(['support_question', 'support_suggestion']), new Set());
      await grantMenus(tx, roleIds, menuIds, codes, ['administrator']);
    });
    // 领导驾驶舱's screens (the cockpit list) came after the cockpit entry: its holders get them once.
    await once(tx, 'cockpit-grants-v1', () => grantMenus(tx, roleIds, menuIds, ['cockpit_overview', 'cockpit_quality'], ['administrator', 'admin', 'aoc']));
    await once(tx, 'default-scopes-v1', () => seedScopes(tx, roleIds, menuIds, DEFAULT_SCOPES));
    await once(tx, 'log-scopes-v1', () => seedScopes(tx, roleIds, menuIds, LOG_SCOPES));
    await once(tx, 'version-log-0.1.0', async () => {
      await tx.insertInto('bladeVersionUpdateLog').values(VERSION_LOGS).execute();
    });
    await seedUserScopes(tx, roleIds, menuIds);
    await seedDeptReference(tx, roleIds, menuIds, once);
    await seedMemberReference(tx, roleIds, menuIds, once);
    await seedProfileReference(tx, roleIds, menuIds, once);
    await seedAttachReference(tx, roleIds, menuIds, once);
    await seedMessageReference(tx, roleIds, menuIds, once);
    await seedMyOrgAddressReference(tx, roleIds, menuIds, once);
    await seedAssociationReference(tx, roleIds, menuIds, once);
    await seedMyOrgOwnReference(tx, roleIds, menuIds, once);
    await seedMyOrgAccountReference(tx, roleIds, menuIds, once);
    await seedFillinReference(tx, cfg.defaultTenantId, roleIds, menuIds, once);
    await seedNewsReference(tx, roleIds, menuIds, once);
    await seedPortalAppReference(tx, roleIds, menuIds, once);
    await seedDicts(tx, 'bladeDict', DICTS);
    await seedDicts(tx, 'bladeDictBiz', DICT_BIZ);
    await seedParams(tx);
    return roleIds;
  });
}

async function once(tx: Tx, name: string, step: () => Promise<void>) {
  const inserted = await tx
    .insertInto('seedStep')
    .values({ name })
    .onConflict((oc) => oc.column('name').doNothing())
    .returning('name')
    .executeTakeFirst();
  if (inserted) await step();
}

async function seedTenant(tx: Tx, cfg: AppConfig) {
  const exists = await tx.selectFrom('bladeTenant').select('id').where('tenantId', '=', cfg.defaultTenantId).where('isDeleted', '=', 0).executeTakeFirst();
  if (!exists)
    await tx.insertInto('bladeTenant').values({ tenantId: cfg.defaultTenantId, tenantName: '江苏省工商业联合会', linkman: null, accountNumber: -1 }).execute();
}

/**
 * The web client's own row follows configuration (CLIENT_ID / CLIENT_SECRET), so a secret changed in
 * the environment takes effect on the next start; other clients are managed on the client screen.
 * The web dev server's redirect (vite on localhost:5173) is registered only outside production; a
 * production start removes it from an existing row (a database first run in development), so no
 * local port can receive a production sign-on code.
 */
async function seedClient(tx: Tx, cfg: AppConfig) {
  const hash = sha256(cfg.clientSecret);
  const devRedirect = `${DEV_WEB_ORIGIN}${cfg.basePath}login`;
  const row = await tx
    .selectFrom('bladeClient')
    .select(['id', 'clientSecretHash', 'webServerRedirectUri'])
    .where('clientId', '=', cfg.clientId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (!row) {
    await tx
      .insertInto('bladeClient')
      .values({
        clientId: cfg.clientId,
        clientSecretHash: hash,
        authorizedGrantTypes: 'sso_authorization_code,sso_refresh_token,password,captcha,social',
        webServerRedirectUri: cfg.production ? `${cfg.basePath}login` : `${cfg.basePath}login,${devRedirect}`,
        accessTokenValidity: 3600,
        refreshTokenValidity: 604800,
      })
      .execute();
    return;
  }
  if (row.clientSecretHash !== hash) await tx.updateTable('bladeClient').set({ clientSecretHash: hash }).where('id', '=', row.id).execute();
  const entries = (row.webServerRedirectUri ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (cfg.production && entries.includes(devRedirect)) {
    const kept = entries.filter((e) => e !== devRedirect).join(',');
    await tx
      .updateTable('bladeClient')
      .set({ webServerRedirectUri: kept || null, version: sql`version + 1` })
      .where('id', '=', row.id)
      .execute();
  }
}

async function seedMenus(tx: Tx, nodes: MenuDef[], parentId: string, ids: Map<string, string>): Promise<Map<string, string>> {
  for (const n of nodes) {
    let row = await tx.selectFrom('bladeMenu').select('id').where('code', '=', n.code).where('isDeleted', '=', 0).executeTakeFirst();
    if (!row) {
      row = await tx
        .insertInto('bladeMenu')
        .values({
          parentId,
          code: n.code,
          name: n.name,
          alias: n.alias ?? null,
          path: n.path ?? null,
          source: n.source ?? null,
          sort: n.sort,
          category: n.category,
          isOpen: n.isOpen ?? 1,
          action: n.category === 2 ? 1 : 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    }
    ids.set(n.code, row.id);
    if (n.children) await seedMenus(tx, n.children, row.id, ids);
  }
  return ids;
}

async function seedRoles(tx: Tx, tenantId: string): Promise<Record<RoleAlias, string>> {
  const out = {} as Record<RoleAlias, string>;
  for (const r of ROLES) {
    let row = await tx
      .selectFrom('bladeRole')
      .select('id')
      .where('tenantId', '=', tenantId)
      .where('roleAlias', '=', r.alias)
      .where('isDeleted', '=', 0)
      .where('deptId', 'is', null)
      .executeTakeFirst();
    if (!row)
      row = await tx
        .insertInto('bladeRole')
        .values({ tenantId, roleName: r.name, roleAlias: r.alias, sort: r.sort, systemType: 'aoc', parentId: 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
    out[r.alias] = row.id;
  }
  return out;
}

function codesUnder(nodes: MenuDef[], include: Set<string>, exclude: Set<string>, inside = false, out: string[] = []): string[] {
  for (const n of nodes) {
    if (exclude.has(n.code)) continue;
    const take = inside || include.has(n.code);
    if (take) out.push(n.code);
    if (n.children) codesUnder(n.children, include, exclude, take, out);
  }
  return out;
}

async function grantDefaults(tx: Tx, roleIds: Record<RoleAlias, string>, menuIds: Map<string, string>) {
  const rows: Array<{ roleId: string; menuId: string }> = [];
  for (const id of menuIds.values()) rows.push({ roleId: roleIds.administrator, menuId: id });
  for (const [alias, rule] of Object.entries(DEFAULT_GRANTS) as Array<[Exclude<RoleAlias, 'administrator'>, { include: string[]; exclude?: string[] }]>) {
    for (const code of codesUnder(MENU_TREE, new Set(rule.include), new Set(rule.exclude ?? [])))
      rows.push({ roleId: roleIds[alias], menuId: menuIds.get(code)! });
  }
  await insertRoleMenus(tx, rows);
}

async function seedScopes(tx: Tx, roleIds: Record<RoleAlias, string>, menuIds: Map<string, string>, scopes: typeof DEFAULT_SCOPES) {
  for (const s of scopes) await insertScopeRules(tx, roleIds, { menuId: menuIds.get(s.menu)!, resource: s.resource, column: 'dept_id' }, [s]);
}

async function seedDicts(tx: Tx, table: 'bladeDict' | 'bladeDictBiz', defs: typeof DICTS) {
  for (const d of defs) {
    const root = await tx.selectFrom(table).select('id').where('code', '=', d.code).where('parentId', '=', '0').where('isDeleted', '=', 0).executeTakeFirst();
    if (root) continue;
    const { id } = await tx
      .insertInto(table)
      .values({ parentId: 0, code: d.code, dictKey: '-1', dictValue: d.name, sort: 0, isSealed: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx
      .insertInto(table)
      .values(d.items.map(([key, value], i) => ({ parentId: id, code: d.code, dictKey: key, dictValue: value, sort: i + 1, isSealed: 0 })))
      .execute();
  }
}

async function seedParams(tx: Tx) {
  await tx
    .insertInto('bladeParam')
    .values(PARAMS.map((p) => ({ paramName: p.name, paramKey: p.key, paramValue: p.value, remark: p.remark })))
    .onConflict((oc) => oc.column('paramKey').where('isDeleted', '=', 0).doNothing())
    .execute();
}
