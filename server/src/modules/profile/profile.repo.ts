import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Fields, PageQuery } from '@gsl/contract';
import type { Db } from '../../db/connection.js';
import type { Actor } from '../../platform/access/actor.js';
import { deptUnder, scopePredicate, type DataScope } from '../../platform/access/scope.js';
import { softDeleteByIds, updateAtVersion, type VersionedTable } from '../../platform/db/versioned.js';
import { filterExpressions, paginate, type FieldWhitelist } from '../../platform/http/paging.js';
import { anyDb, ORG_CATEGORIES } from './profile.access.js';
import { SECTIONS, columnsOf, type ParentDef, type SectionDef } from './profile.defs.js';
import type { Row } from './profile.codec.js';

/** A qualified column (`a.name`) selected under its own name: a column list built from field definitions stays typed. */
const column = (qualified: string) => sql.ref(qualified).as(qualified.slice(qualified.indexOf('.') + 1));

/** The select list of some fields on alias `a`: dates as yyyy-MM-dd, personal data still encrypted. */
export function selectOf(a: string, fields: Fields, extra: string[] = []) {
  const c = columnsOf(fields);
  return [
    ...[`${a}.id`, `${a}.deptId`, `${a}.version`, `${a}.createUser`, `${a}.createTime`, `${a}.updateTime`, ...extra].map(column),
    ...c.plain.map((n) => column(`${a}.${n}`)),
    ...c.sensitive.map((n) => column(`${a}.${n}Enc`)),
    ...c.dates.map((n) => sql<string>`to_char(${sql.ref(`${a}.${n}`)}, 'YYYY-MM-DD')`.as(n)),
  ];
}

/**
 * Who may read or write a record of the person base (the profile's permission setting, spec §6):
 * 1 公开 — read by every user of the tenant who holds the person base menu; written inside the scope.
 * 2 本组织及上级可见 (default) — read and written inside the data scope (the owning org and the orgs above it).
 * 3 仅本人可见 — only its creator (inside the scope) and the platform administrator.
 */
export function personAccess(
  eb: ExpressionBuilder<any, any>,
  scope: DataScope,
  isAdministrator: boolean,
  mode: 'read' | 'write',
  a = 'p',
): Expression<SqlBool> {
  const inScope = scopePredicate(eb, scope, { dept: `${a}.deptId`, owner: `${a}.createUser` });
  const notPrivate = isAdministrator
    ? sql<SqlBool>`true`
    : eb.or([eb(sql.ref(`${a}.visibility`), '<>', 3), eb(sql.ref(`${a}.createUser`), '=', scope.actor.userId)]);
  const scoped = eb.and([inScope, notPrivate]);
  return mode === 'read' ? eb.or([scoped, eb(sql.ref(`${a}.visibility`), '=', 1)]) : scoped;
}

/** Records of a parent kind the actor may read or write: persons by their visibility, the others by the scope. */
const parentAccess = (eb: ExpressionBuilder<any, any>, parent: ParentDef, scope: DataScope, isAdministrator: boolean, mode: 'read' | 'write') =>
  parent.kind === 'person' ? personAccess(eb, scope, isAdministrator, mode) : scopePredicate(eb, scope, { dept: 'p.deptId', owner: 'p.createUser' });

/** The live parent record (person, enterprise, org) the actor may read or write, with its owning org. */
export async function findParent(
  db: Db,
  parent: ParentDef,
  actor: Actor,
  scope: DataScope,
  id: string,
  mode: 'read' | 'write',
  lock = false,
): Promise<{ id: string; deptId: string } | undefined> {
  if (parent.kind === 'org') {
    let q = db
      .selectFrom('bladeDept as d')
      .select(['d.id', 'd.id as deptId'])
      .where('d.id', '=', id)
      .where('d.isDeleted', '=', 0)
      .where('d.tenantId', '=', actor.tenantId)
      .where('d.deptCategory', 'in', ORG_CATEGORIES)
      .where((eb) => scopePredicate(eb, scope, { dept: 'd.id' }));
    if (lock) q = q.forUpdate();
    const r = await q.executeTakeFirst();
    return r && { id: String(r.id), deptId: String(r.deptId) };
  }
  let q = anyDb(db)
    .selectFrom(`${parent.table} as p`)
    .select(['p.id', 'p.deptId'])
    .where('p.id', '=', id)
    .where('p.isDeleted', '=', 0)
    .where('p.tenantId', '=', actor.tenantId)
    .where((eb) => parentAccess(eb, parent, scope, actor.isAdministrator, mode));
  if (lock) q = q.forUpdate();
  const r = await q.executeTakeFirst();
  return r && { id: String(r.id), deptId: String(r.deptId) };
}

/** The tenant's live org (federation, chamber, association) by id when it is inside the scope. */
export function findOrgInScope(db: Db, scope: DataScope, deptId: string) {
  return db
    .selectFrom('bladeDept as d')
    .select(['d.id', 'd.deptName', 'd.fullName', 'd.deptCategory', 'd.regionCode', 'd.chamberType', 'd.idPath'])
    .where('d.id', '=', deptId)
    .where('d.isDeleted', '=', 0)
    .where('d.tenantId', '=', scope.actor.tenantId)
    .where('d.deptCategory', 'in', ORG_CATEGORIES)
    .where((eb) => scopePredicate(eb, scope, { dept: 'd.id' }))
    .executeTakeFirst();
}

/** Column values built from the field definitions (profile.codec.ts columnValues) plus the row's bookkeeping. */
type Values = Record<string, unknown>;

/** The person or enterprise base (aoc_person_base, aoc_enterprise_base) and the sections hanging on its records. */
export function profileBaseRepo(parent: ParentDef, fields: Fields) {
  const table = parent.table;
  const extra = ['p.unionId', 'd.deptName'];
  const sections = SECTIONS.filter((x) => x.parent.kind === parent.kind);
  const live = (q: Db, tenantId: string) =>
    anyDb(q).selectFrom(`${table} as p`).leftJoin('bladeDept as d', 'd.id', 'p.deptId').where('p.isDeleted', '=', 0).where('p.tenantId', '=', tenantId);

  return {
    /** A page of the records the actor may write; `hashes`: sensitive field → keyed hash of the value searched for. */
    page(db: Db, actor: Actor, scope: DataScope, page: PageQuery, filters: Record<string, unknown>, whitelist: FieldWhitelist, hashes: Record<string, string>) {
      const q = live(db, actor.tenantId).where((eb) => {
        const parts: Expression<SqlBool>[] = [parentAccess(eb, parent, scope, actor.isAdministrator, 'write'), ...filterExpressions(eb, filters, whitelist)];
        if (typeof filters.deptId === 'string' && filters.deptId) parts.push(deptUnder(eb, 'p.deptId', filters.deptId));
        for (const [n, hash] of Object.entries(hashes)) parts.push(eb(sql.ref(`p.${n}Hash`), '=', hash));
        return eb.and(parts);
      });
      return paginate<Row>(q, (qb) => qb.select(selectOf('p', fields, extra) as any), page, whitelist, [
        ['p.createTime', 'desc'],
        ['p.id', 'desc'],
      ]);
    },

    /** At most `size` readable records whose names start with `prefix` (no LIKE wildcards in it), by name. */
    async byName(db: Db, actor: Actor, scope: DataScope, prefix: string, size: number): Promise<Row[]> {
      const escaped = prefix.replace(/[\\%_]/g, (ch) => `\\${ch}`);
      return (await live(db, actor.tenantId)
        .select(selectOf('p', fields, extra) as any)
        .where('p.name', 'like', `${escaped}%`)
        .where((eb) => parentAccess(eb, parent, scope, actor.isAdministrator, 'read'))
        .orderBy('p.name')
        .orderBy('p.id')
        .limit(size)
        .execute()) as Row[];
    },

    /** One record the actor may read or write, by id or union id; `lock` holds it until the transaction ends. */
    async findOne(
      q: Db,
      actor: Actor,
      scope: DataScope,
      by: { id?: string; unionId?: string },
      mode: 'read' | 'write',
      lock = false,
    ): Promise<Row | undefined> {
      let s = live(q, actor.tenantId)
        .select(selectOf('p', fields, extra) as any)
        .where((eb) => parentAccess(eb, parent, scope, actor.isAdministrator, mode));
      s = by.id ? s.where('p.id', '=', by.id) : s.where('p.unionId', '=', by.unionId!);
      if (lock) s = s.forUpdate('p');
      return (await s.executeTakeFirst()) as Row | undefined;
    },

    async insert(tx: Db, values: Values): Promise<string> {
      const r = await anyDb(tx).insertInto(table).values(values).returning('id').executeTakeFirstOrThrow();
      return String(r.id);
    },

    updateAtVersion(tx: Db, id: string, version: number, values: Values): Promise<string | undefined> {
      return updateAtVersion(tx, table as VersionedTable, id, version, values);
    },

    /** Sections are scoped by their own dept_id: they move with their record. */
    async moveSections(tx: Db, id: string, deptId: unknown): Promise<void> {
      for (const s of sections) await anyDb(tx).updateTable(s.table).set({ deptId }).where('parentId', '=', id).execute();
    },

    /** The records among the ids the actor may write, locked until the transaction ends. */
    lockWritable(tx: Db, actor: Actor, scope: DataScope, ids: string[]): Promise<Array<{ id: string; name: string; deptId: string }>> {
      return live(tx, actor.tenantId)
        .select(['p.id', 'p.name', 'p.deptId'])
        .where('p.id', 'in', ids)
        .where((eb) => parentAccess(eb, parent, scope, actor.isAdministrator, 'write'))
        .forUpdate('p')
        .execute() as Promise<Array<{ id: string; name: string; deptId: string }>>;
    },

    /** Soft-deletes the records and their sections' rows; answers how many records it removed. */
    async softDelete(tx: Db, ids: string[], userId: string): Promise<number> {
      const n = await softDeleteByIds(tx, table as VersionedTable, ids, userId);
      for (const s of sections) {
        await anyDb(tx)
          .updateTable(s.table)
          .set({ isDeleted: 1, updateUser: userId, updateTime: sql`now()`, version: sql`version + 1` })
          .where('parentId', 'in', ids)
          .where('isDeleted', '=', 0)
          .execute();
      }
      return n;
    },
  };
}

/** Rows of one section (a resume, a shareholder list…) under their parent records. */
export function sectionRepo(def: SectionDef) {
  const t = def.table;
  return {
    /** Live rows of the tenant, among `ids` and under `parentId` when given, in the section's order (at most `limit`). */
    async rows(q: Db, tenantId: string, ids: string[] | null, parentId: string | null, limit: number): Promise<Row[]> {
      let s = anyDb(q)
        .selectFrom(`${t} as s`)
        .select([...selectOf('s', def.fields, ['s.parentId'])] as any)
        .where('s.isDeleted', '=', 0)
        .where('s.tenantId', '=', tenantId);
      if (ids) s = s.where('s.id', 'in', ids);
      if (parentId) s = s.where('s.parentId', '=', parentId);
      for (const [col, dir] of def.order) s = s.orderBy(sql`${sql.ref(`s.${col}`)} ${sql.raw(dir === 'desc' ? 'desc nulls last' : 'asc nulls last')}`);
      return (await s.orderBy('s.id').limit(limit).execute()) as Row[];
    },

    /** The sum of the live rows' ratios under the parent, leaving out `exceptId` (shareholders' equity). */
    async ratioTotal(tx: Db, parentId: string, exceptId?: string): Promise<number> {
      let q = anyDb(tx)
        .selectFrom(t)
        .select(sql<string>`coalesce(sum(ratio), 0)`.as('total'))
        .where('parentId', '=', parentId)
        .where('isDeleted', '=', 0);
      if (exceptId) q = q.where('id', '<>', exceptId);
      return Number((await q.executeTakeFirstOrThrow()).total);
    },

    async insert(tx: Db, values: Values): Promise<string> {
      const r = await anyDb(tx).insertInto(t).values(values).returning('id').executeTakeFirstOrThrow();
      return String(r.id);
    },

    updateAtVersion(tx: Db, id: string, version: number, values: Values): Promise<string | undefined> {
      return updateAtVersion(tx, t as VersionedTable, id, version, values);
    },

    /**
     * The rows among the ids the actor may write, locked until the transaction ends: inside the scope,
     * and, under a person, only where the person is writable (a private person of another is not).
     */
    lockWritable(tx: Db, actor: Actor, scope: DataScope, ids: string[]): Promise<Array<{ id: string }>> {
      let q = anyDb(tx)
        .selectFrom(`${t} as s`)
        .select('s.id')
        .where('s.id', 'in', ids)
        .where('s.isDeleted', '=', 0)
        .where('s.tenantId', '=', actor.tenantId)
        .where((eb) => scopePredicate(eb, scope, { dept: 's.deptId', owner: 's.createUser' }));
      if (def.parent.kind === 'person') {
        q = q.where((eb) =>
          eb.exists(
            eb
              .selectFrom('aocPersonBase as p')
              .select('p.id')
              .whereRef('p.id', '=', 's.parentId')
              .where((e2) => personAccess(e2, { ...scope, rules: [{ type: 1 }] }, actor.isAdministrator, 'write')),
          ),
        );
      }
      return q.forUpdate().execute();
    },

    softDelete(tx: Db, ids: string[], userId: string): Promise<number> {
      return softDeleteByIds(tx, t as VersionedTable, ids, userId);
    },
  };
}
