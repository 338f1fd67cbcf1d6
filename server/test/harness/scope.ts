import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../src/db/connection.js';

/**
 * The test's own reading of the data scope (wire contract §5), computed independently of the
 * product's resolveScope/scopePredicate: depts by walking blade_dept.parent_id (not id_path), rules
 * read straight from the role tables.
 */
export type ScopeType = 1 | 2 | 3 | 4 | 5;
export interface RuleSpec {
  type: ScopeType;
  deptIds?: string[];
}

export interface ScopeUser {
  id: string;
  deptId: string;
}

/** The dept and every live dept below it, by parent_id. */
export async function subtree(db: Db, deptId: string): Promise<Set<string>> {
  const r = await sql<{ id: string }>`
    with recursive sub(id) as (
      select id from blade_dept where id = ${deptId}
      union
      select d.id from blade_dept d join sub on d.parent_id = sub.id where d.is_deleted = 0
    ) select id::text as id from sub`.execute(db);
  return new Set(r.rows.map((x) => x.id));
}

/** The dept, its ancestors and its descendants: the caller's own line of the tree. */
export async function lineOf(db: Db, deptId: string): Promise<Set<string>> {
  const up = await sql<{ id: string }>`
    with recursive anc(id, parent_id) as (
      select id, parent_id from blade_dept where id = ${deptId}
      union
      select d.id, d.parent_id from blade_dept d join anc on d.id = anc.parent_id
    ) select id::text as id from anc`.execute(db);
  return new Set([...up.rows.map((x) => x.id), ...(await subtree(db, deptId))]);
}

/** The rules a user's enabled roles hold for a resource; administrators see all; no rule means own dept. */
export async function rulesOf(db: Db, userId: string, resource: string): Promise<RuleSpec[]> {
  const admin = await sql<{ n: number }>`
    select count(*)::int as n from blade_user_role ur join blade_role r on r.id = ur.role_id
     where ur.user_id = ${userId} and r.role_alias = 'administrator' and r.status = 1 and r.is_deleted = 0`.execute(db);
  if (admin.rows[0].n > 0) return [{ type: 1 }];
  const r = await sql<{ scopeType: number; scopeValue: string | null }>`
    select sd.scope_type, sd.scope_value
      from blade_user_role ur
      join blade_role r on r.id = ur.role_id and r.status = 1 and r.is_deleted = 0
      join blade_role_scope rs on rs.role_id = r.id and rs.scope_category = 1
      join blade_scope_data sd on sd.id = rs.scope_id and sd.status = 1 and sd.is_deleted = 0
     where ur.user_id = ${userId} and sd.resource_code = ${resource}`.execute(db);
  if (!r.rows.length) return [{ type: 3 }];
  return r.rows.map((x) => ({ type: x.scopeType as ScopeType, deptIds: x.scopeType === 5 ? (x.scopeValue ?? '').split(',').filter(Boolean) : undefined }));
}

/** What a set of rules admits: every dept ('all'), or the depts plus, for "own records", the owner. */
export interface Allowed {
  all: boolean;
  depts: Set<string>;
  ownerId?: string;
}

export async function allowedBy(db: Db, user: ScopeUser, rules: RuleSpec[]): Promise<Allowed> {
  const depts = new Set<string>();
  let ownerId: string | undefined;
  for (const rule of rules) {
    switch (rule.type) {
      case 1:
        return { all: true, depts };
      case 2:
        ownerId = user.id;
        break;
      case 3:
        depts.add(user.deptId);
        break;
      case 4:
        for (const d of await subtree(db, user.deptId)) depts.add(d);
        break;
      case 5:
        for (const d of rule.deptIds ?? []) depts.add(d);
        break;
    }
  }
  return { all: false, depts, ownerId };
}

export interface TableRef {
  table: string;
  /** Column a route names the row by, when not `id` (a file's public id). */
  idColumn?: string;
  deptColumn: string;
  ownerColumn?: string;
  where?: string;
}

function inside(ref: TableRef, allowed: Allowed): RawBuilder<unknown> {
  if (allowed.all) return sql`true`;
  const dept = sql.ref(`x.${ref.deptColumn}`);
  const parts: RawBuilder<unknown>[] = [sql`${dept}::text = any(${[...allowed.depts]}::text[])`];
  if (allowed.ownerId && ref.ownerColumn) parts.push(sql`${sql.ref(`x.${ref.ownerColumn}`)}::text = ${allowed.ownerId}`);
  return sql`(${sql.join(parts, sql` or `)})`;
}

const idOf = (ref: TableRef) => sql.ref(`x.${ref.idColumn ?? 'id'}`);

const whereOf = (ref: TableRef) => (ref.where ? sql.raw(`(${ref.where})`) : sql`true`);

/** Ids of the rows of the table the allowed set covers (the exact expectation for a list). */
export async function rowsInside(db: Db, ref: TableRef, allowed: Allowed): Promise<Set<string>> {
  const r = await sql<{ id: string }>`select ${idOf(ref)}::text as id from ${sql.table(ref.table)} x where ${whereOf(ref)} and ${inside(ref, allowed)}`.execute(
    db,
  );
  return new Set(r.rows.map((x) => x.id));
}

/**
 * Rows outside the allowed set, preferring ones in another organisation altogether (off the caller's
 * line), one per dept, up to `limit`.
 */
export async function rowsOutside(db: Db, ref: TableRef, allowed: Allowed, line: Set<string>, limit = 3): Promise<Array<{ id: string; dept: string | null }>> {
  if (allowed.all) return [];
  const dept = sql.ref(`x.${ref.deptColumn}`);
  const r = await sql<{ id: string; dept: string | null; offLine: boolean }>`
    select distinct on (${dept}) ${idOf(ref)}::text as id, ${dept}::text as dept, not (${dept}::text = any(${[...line]}::text[])) as off_line
      from ${sql.table(ref.table)} x
     where ${whereOf(ref)} and not coalesce(${inside(ref, allowed)}, false) and ${dept} is not null
     order by ${dept}, x.id`.execute(db);
  return r.rows.sort((a, b) => Number(b.offLine) - Number(a.offLine)).slice(0, limit);
}

/** The dept of one row (null when it has none). */
export async function deptOfRow(db: Db, ref: TableRef, id: string): Promise<string | null> {
  const r = await sql<{
    dept: string | null;
  }>`select ${sql.ref(`x.${ref.deptColumn}`)}::text as dept from ${sql.table(ref.table)} x where x.id::text = ${id}`.execute(db);
  return r.rows[0]?.dept ?? null;
}

/**
 * Makes a scoped table discriminating: every probe dept gets at least one live row (a copy of an
 * existing row moved to that dept when it has none), and each owner gets one row of their own in a
 * dept other than theirs (for "own records"). Copies that a unique index refuses are skipped; what
 * could not be arranged is returned so the test can say so.
 */
export async function spreadRows(db: Db, ref: TableRef, probeDepts: string[], owners: Array<{ id: string; awayDept: string }>): Promise<string[]> {
  const notes: string[] = [];
  if (ref.deptColumn === 'id') return notes;
  const cols = (
    await sql<{ columnName: string; maxLength: number | null }>`
      select a.attname as column_name, case when a.atttypmod > 4 and format_type(a.atttypid, a.atttypmod) ~ '^character varying' then a.atttypmod - 4 end as max_length
        from pg_attribute a
       where a.attrelid = (quote_ident(current_schema()) || '.' || quote_ident(${ref.table}))::regclass
         and a.attnum > 0 and not a.attisdropped and a.attname <> 'id' and a.attgenerated = ''
       order by a.attnum`.execute(db)
  ).rows;
  // Per unique index, its last text column (tenant ids come first): the column a copy must change to be accepted.
  const uniques = new Set(
    (
      await sql<{ indexId: string; columnName: string; pos: number; isText: boolean }>`
        select i.indexrelid::text as index_id, a.attname as column_name, array_position(i.indkey::int2[], a.attnum) as pos,
               format_type(a.atttypid, a.atttypmod) ~ '^(character varying|text)' as is_text
          from pg_index i
          join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey::int2[])
         where i.indrelid = (quote_ident(current_schema()) || '.' || quote_ident(${ref.table}))::regclass
           and i.indisunique and not i.indisprimary`.execute(db)
    ).rows
      .filter((r) => r.isText)
      .sort((a, b) => b.pos - a.pos)
      .filter((r, i, all) => all.findIndex((x) => x.indexId === r.indexId) === i)
      .map((r) => r.columnName),
  );
  const table = sql.table(ref.table);
  const count = async (dept: string) =>
    (
      await sql<{ n: number }>`select count(*)::int as n from ${table} x where ${whereOf(ref)} and ${sql.ref(`x.${ref.deptColumn}`)}::text = ${dept}`.execute(
        db,
      )
    ).rows[0].n;
  for (const dept of probeDepts) {
    if ((await count(dept)) > 0) continue;
    // A copy of the table's newest row moved to the dept; when a unique index refuses it, again with its text columns suffixed.
    let placed = false;
    let lastError = '';
    // Last resort for a unique column already at its full length (a 32-hex public id): its last 8
    // characters replaced by 8 hex digits of a hash, so the copy keeps the value's length and shape.
    for (const suffix of [null, `_q${dept}`, 'overlay']) {
      const list = sql.join(cols.map((c) => sql.ref(c.columnName)));
      const values = sql.join(
        cols.map((c) => {
          if (c.columnName === ref.deptColumn) return sql`${dept}::bigint`;
          const col = sql.ref(`x.${c.columnName}`);
          if (suffix === 'overlay' && uniques.has(c.columnName)) return sql`left(${col}, greatest(length(${col}) - 8, 0)) || left(md5(${col} || ${dept}), 8)`;
          if (suffix && uniques.has(c.columnName)) {
            return c.maxLength ? sql`left(${col} || ${suffix}, ${c.maxLength}::int)` : sql`${col} || ${suffix}`;
          }
          return col;
        }),
      );
      try {
        await sql`insert into ${table} (${list}) select ${values} from ${table} x order by (${whereOf(ref)}) desc, x.id desc limit 1`.execute(db);
        placed = true;
        break;
      } catch (err) {
        lastError = (err as Error).message.slice(0, 100);
      }
    }
    if (!placed) notes.push(`${ref.table}: no row could be placed in dept ${dept} (${lastError})`);
    else if ((await count(dept)) === 0) notes.push(`${ref.table}: a copy placed in dept ${dept} does not satisfy "${ref.where}"`);
  }
  if (ref.ownerColumn) {
    for (const owner of owners) {
      const has = await sql<{
        n: number;
      }>`select count(*)::int as n from ${table} x where ${whereOf(ref)} and ${sql.ref(`x.${ref.ownerColumn}`)}::text = ${owner.id}`.execute(db);
      if (has.rows[0].n > 0) continue;
      const r = await sql`
        update ${table} set ${sql.ref(ref.ownerColumn)} = ${owner.id}::bigint
         where id = (select x.id from ${table} x where ${whereOf(ref)} and ${sql.ref(`x.${ref.deptColumn}`)}::text = ${owner.awayDept} order by x.id limit 1)`.execute(
        db,
      );
      if (!Number(r.numAffectedRows ?? 0)) notes.push(`${ref.table}: no row in dept ${owner.awayDept} to give to owner ${owner.id}`);
    }
  }
  return notes;
}

/** The menu codes a user's enabled roles are granted (administrators: every code). */
export async function grantedCodes(db: Db, userId: string): Promise<Set<string> | 'all'> {
  const r = await sql<{ code: string; alias: string }>`
    select m.code, r.role_alias as alias
      from blade_user_role ur
      join blade_role r on r.id = ur.role_id and r.status = 1 and r.is_deleted = 0
      left join blade_role_menu rm on rm.role_id = r.id
      left join blade_menu m on m.id = rm.menu_id and m.is_deleted = 0
     where ur.user_id = ${userId}`.execute(db);
  if (r.rows.some((x) => x.alias === 'administrator')) return 'all';
  return new Set(r.rows.map((x) => x.code).filter(Boolean));
}
