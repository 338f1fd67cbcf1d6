import { sql, type RawBuilder } from 'kysely';
import { DATASOURCE_MSG } from '@gsl/contract';
import type { Db } from '../../db/connection.js';
import { migrate } from '../../db/migrate.js';
import { badRequest, notFound } from '../http/errors.js';
import type { Tenancy } from './tenancy.js';

type Where = (tenantId: string) => RawBuilder<unknown>;
const all: Where = () => sql`true`;
const byTenant: Where = (t) => sql`tenant_id = ${t}`;

/**
 * Platform tables a bound tenant's database holds a read-only copy of (same ids, so its grants and
 * packages name the same menus). The platform edits them on the main database; every successful
 * platform write copies them again (`syncShared`). Parents before children.
 */
const SHARED: Array<{ table: string; where: Where }> = [
  { table: 'blade_menu', where: all },
  { table: 'blade_scope_data', where: all },
  { table: 'blade_scope_api', where: all },
  { table: 'blade_dict', where: all },
  { table: 'blade_region', where: all },
  { table: 'blade_param', where: all },
  { table: 'blade_version_update_log', where: all },
  { table: 'blade_tenant_package', where: all },
  { table: 'blade_tenant_package_menu', where: all },
  { table: 'blade_post', where: () => sql`tenant_id = '000000'` },
  { table: 'blade_tenant', where: byTenant },
];

/** A new tenant's own rows (tenant provisioning, early administration), moved to its database on binding. Parents first. */
const MOVED: Array<{ table: string; where: Where }> = [
  { table: 'blade_dept', where: byTenant },
  { table: 'blade_role', where: byTenant },
  { table: 'blade_user', where: byTenant },
  { table: 'blade_post', where: byTenant },
  { table: 'blade_top_menu', where: byTenant },
  { table: 'blade_dict_biz', where: byTenant },
  { table: 'blade_role_menu', where: (t) => sql`role_id in (select id from blade_role where tenant_id = ${t})` },
  { table: 'blade_role_scope', where: (t) => sql`role_id in (select id from blade_role where tenant_id = ${t})` },
  { table: 'blade_user_role', where: (t) => sql`user_id in (select id from blade_user where tenant_id = ${t})` },
  { table: 'blade_top_menu_setting', where: (t) => sql`top_menu_id in (select id from blade_top_menu where tenant_id = ${t})` },
];

/** Tables with a tenant_id that do not count as the tenant's business data: history stays on the main database. */
const NOT_BUSINESS = new Set([
  'blade_tenant',
  'blade_log_api',
  'blade_log_error',
  'blade_log_usual',
  'blade_user_login_log',
  'auth_refresh_token',
  'wx_auth_state',
  'aoc_member_dept_count',
  ...MOVED.map((m) => m.table),
]);

const ident = (name: string) => sql.id(name);

async function rowsOf(db: Db, table: string, where: RawBuilder<unknown>): Promise<string> {
  const r = await sql<{ rows: string }>`select coalesce(json_agg(x), '[]'::json)::text as rows from ${ident(table)} x where ${where}`.execute(db);
  return r.rows[0].rows;
}

async function columnsOf(db: Db, table: string): Promise<string[]> {
  const r = await sql<{
    name: string;
  }>`select column_name as name from information_schema.columns where table_schema = current_schema() and table_name = ${table} order by ordinal_position`.execute(
    db,
  );
  return r.rows.map((x) => x.name);
}

async function keyOf(db: Db, table: string): Promise<string[]> {
  const r = await sql<{ name: string }>`
    select a.attname as name from pg_index i
      join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
     where i.indrelid = ${table}::regclass and i.indisprimary
     order by array_position(i.indkey::int2[], a.attnum)`.execute(db);
  return r.rows.map((x) => x.name);
}

/** Inserts rows (JSON from `rowsOf`) with their ids; with `upsert`, rows already there are overwritten. */
async function writeRows(db: Db, table: string, json: string, upsert: boolean) {
  const cols = await columnsOf(db, table);
  const list = sql.join(cols.map(ident));
  const key = upsert ? await keyOf(db, table) : [];
  const rest = cols.filter((c) => !key.includes(c));
  const conflict =
    upsert && key.length
      ? rest.length
        ? sql`on conflict (${sql.join(key.map(ident))}) do update set ${sql.join(rest.map((c) => sql`${ident(c)} = excluded.${ident(c)}`))}`
        : sql`on conflict do nothing`
      : sql``;
  await sql`insert into ${ident(table)} (${list}) select ${list} from json_populate_recordset(null::${ident(table)}, ${json}::json) ${conflict}`.execute(db);
}

/** Deletes the rows under `where` that the main database no longer has. */
async function deleteMissing(db: Db, table: string, json: string, where: RawBuilder<unknown>) {
  const key = await keyOf(db, table);
  const match = sql.join(
    key.map((c) => sql`k.${ident(c)} = x.${ident(c)}`),
    sql` and `,
  );
  await sql`delete from ${ident(table)} x where ${where} and not exists (select 1 from json_populate_recordset(null::${ident(table)}, ${json}::json) k where ${match})`.execute(
    db,
  );
}

/** Copies the platform tables from the main database into a tenant's (inside the caller's transaction on `target`). */
export async function syncShared(main: Db, target: Db, tenantId: string) {
  const copies: string[] = [];
  for (const s of SHARED) {
    const json = await rowsOf(main, s.table, s.where(tenantId));
    copies.push(json);
    await writeRows(target, s.table, json, true);
  }
  // Rows removed on the main database go, children first; grants naming a removed menu before the menu.
  for (let i = SHARED.length - 1; i >= 0; i--) {
    if (SHARED[i].table === 'blade_menu') {
      const keep = sql`(select k.id from json_populate_recordset(null::blade_menu, ${copies[i]}::json) k)`;
      await sql`delete from blade_role_menu where menu_id not in ${keep}`.execute(target);
      await sql`delete from blade_top_menu_setting where menu_id not in ${keep}`.execute(target);
    }
    const where = SHARED[i].table === 'blade_tenant' ? sql`true` : SHARED[i].where(tenantId);
    await deleteMissing(target, SHARED[i].table, copies[i], where);
  }
}

/** Identity sequences of a tenant's database start far from the main database's, so ids stay unique across both. */
async function advanceSequences(target: Db, tenantId: string) {
  const base = BigInt(tenantId) * 1_000_000_000_000n;
  const seqs = await sql<{ table: string; seq: string }>`
    select c.table_name as table, pg_get_serial_sequence(quote_ident(c.table_name), c.column_name) as seq
      from information_schema.columns c
     where c.table_schema = current_schema() and c.column_name = 'id' and c.is_identity = 'YES'`.execute(target);
  for (const s of seqs.rows) {
    if (!s.seq) continue;
    await sql`select setval(${s.seq}::regclass, greatest(${String(base)}::bigint, (select coalesce(max(id), 1) from ${ident(s.table)})))`.execute(target);
  }
}

/** Business tables (with a tenant_id) holding rows of the tenant, beyond what binding moves. */
async function businessTables(main: Db, tenantId: string): Promise<string[]> {
  const tables = await sql<{ table: string }>`
    select c.table_name as table from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
     where c.table_schema = current_schema() and c.column_name = 'tenant_id'`.execute(main);
  const found: string[] = [];
  for (const { table } of tables.rows) {
    if (NOT_BUSINESS.has(table)) continue;
    const r = await sql<{ any: boolean }>`select exists(select 1 from ${ident(table)} where tenant_id = ${tenantId}) as any`.execute(main);
    if (r.rows[0].any) found.push(table);
  }
  return found;
}

/**
 * Binds a tenant to a datasource (BladeX 租户数据源): the database is migrated, receives the platform
 * tables and the tenant's own rows (same ids), and from then on every request of the tenant runs on
 * it. Only a tenant without business data can be bound (its data would otherwise have to be migrated
 * across databases), binding is final, and a database serves one tenant.
 */
export async function bindTenant(tenancy: Tenancy, input: { tenantId: string; datasourceId: string; defaultTenantId: string }) {
  const main = tenancy.main;
  const { tenantId, datasourceId } = input;
  if (tenantId === input.defaultTenantId || tenantId === '000000') throw badRequest(DATASOURCE_MSG.defaultTenant);
  const tenant = await main
    .selectFrom('bladeTenant')
    .select(['id', 'datasourceId'])
    .where('tenantId', '=', tenantId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (!tenant) throw notFound();
  if (tenant.datasourceId != null) throw badRequest(DATASOURCE_MSG.tenantBound);
  const ds = await main.selectFrom('bladeDatasource').select('id').where('id', '=', datasourceId).where('isDeleted', '=', 0).executeTakeFirst();
  if (!ds) throw badRequest(DATASOURCE_MSG.required);
  const other = await main.selectFrom('bladeTenant').select('tenantId').where('datasourceId', '=', datasourceId).where('isDeleted', '=', 0).executeTakeFirst();
  if (other) throw badRequest(DATASOURCE_MSG.usedByOther);
  if ((await businessTables(main, tenantId)).length) throw badRequest(DATASOURCE_MSG.tenantHasData);

  let target: Db;
  try {
    target = (await tenancy.open(datasourceId)).db;
    await migrate(target);
  } catch {
    throw badRequest(DATASOURCE_MSG.connectFailed);
  }
  const foreign = await sql<{ any: boolean }>`select exists(select 1 from blade_user where tenant_id <> ${tenantId}) as any`.execute(target);
  if (foreign.rows[0].any) throw badRequest(DATASOURCE_MSG.targetNotEmpty);

  await main.transaction().execute(async (tx) => {
    const locked = await tx.selectFrom('bladeTenant').select('datasourceId').where('id', '=', tenant.id).forUpdate().executeTakeFirstOrThrow();
    if (locked.datasourceId != null) throw badRequest(DATASOURCE_MSG.tenantBound);
    const moved: string[] = [];
    for (const m of MOVED) moved.push(await rowsOf(tx, m.table, m.where(tenantId)));
    await target.transaction().execute(async (ttx) => {
      for (let i = MOVED.length - 1; i >= 0; i--) await sql`delete from ${ident(MOVED[i].table)} where ${MOVED[i].where(tenantId)}`.execute(ttx);
      await tx.updateTable('bladeTenant').set({ datasourceId }).where('id', '=', tenant.id).execute();
      await syncShared(tx, ttx, tenantId);
      for (let i = 0; i < MOVED.length; i++) await writeRows(ttx, MOVED[i].table, moved[i], false);
      await advanceSequences(ttx, tenantId);
    });
    for (let i = MOVED.length - 1; i >= 0; i--) await sql`delete from ${ident(MOVED[i].table)} where ${MOVED[i].where(tenantId)}`.execute(tx);
  });
  tenancy.forget(tenantId);
}

/**
 * Copies the platform tables to every bound tenant's database (after a platform write). With `migrate`
 * (at start) each database first gets the migrations added since it was bound, like the main one.
 */
export async function syncAllTenants(tenancy: Tenancy, afterSync?: (db: Db, tenantId: string) => Promise<void>, opts: { migrate?: boolean } = {}) {
  const bound = await tenancy.main.selectFrom('bladeTenant').select(['tenantId']).where('datasourceId', 'is not', null).execute();
  const failed: unknown[] = [];
  for (const { tenantId } of bound) {
    // One unreachable database does not hold the others back; it catches up at the next write or start.
    try {
      const db = await tenancy.dbOf(tenantId);
      if (db === tenancy.main) continue;
      if (opts.migrate) await migrate(db);
      await db.transaction().execute(async (tx) => {
        await syncShared(tenancy.main, tx, tenantId);
        await afterSync?.(tx, tenantId);
      });
    } catch (err) {
      failed.push(err);
    }
  }
  if (failed.length) throw new AggregateError(failed, `tenant datasource sync failed for ${failed.length} of ${bound.length} tenants`);
}
