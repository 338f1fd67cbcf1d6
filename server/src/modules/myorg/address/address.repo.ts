import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { AddressBookKind, PageQuery } from '@gsl/contract';
import type { Db } from '../../../db/connection.js';
import { deptUnderPath, scopePredicate, type DataScope } from '../../../platform/access/scope.js';
import { fieldsOn } from '../../../platform/db/fields.js';
import { applySort, paginate } from '../../../platform/http/paging.js';
import { USER_TABLE } from '../../user/user.repo.js';
import { CONTACT_TABLE } from './contact.repo.js';

/** Sortable fields of a book (ascs / descs), on the entries of both kinds; the default order is the book's own (seq). */
export const ADDRESS_FIELDS = fieldsOn('b', {
  account: 'text',
  realName: 'text',
  seq: 'int',
  deptName: 'text',
  postName: 'text',
  entryType: 'text',
});

/** An org as a book names it. */
export interface BookOrg {
  id: string;
  idPath: string;
  deptCategory: number;
  chamberType: number | null;
}

export interface AddressRow {
  id: string;
  /** account: a user in the book; contact: a contact-only entry (aoc_org_contact). */
  entryType: 'account' | 'contact';
  account: string | null;
  realName: string | null;
  sex: number | null;
  deptId: string;
  deptName: string | null;
  postId: string | null;
  postName: string | null;
  phone: string | null;
  email: string | null;
  profileTag: string | null;
  seq: number;
  isAddressBook: number;
  status: number | null;
}

/** Which people a book holds (README deviation 44); every read is also ANDed with the user data scope. */
export interface BookFilter {
  kind: AddressBookKind;
  org: BookOrg;
  profileTag?: 'aoc' | 'coc';
  /** 1: the book's entries; 0: the org's accounts not in it (whom one may add). */
  isAddressBook: 0 | 1;
  /** The org and every org below it (aoc, coc, org books only). */
  includeChild: boolean;
  keyword?: string;
}

/** Chamber type 3: 外省在苏异地商会 (business dictionary chamber_type, deviation 12). */
const ALLOPATRY_IN_JIANGSU = 3;
const FEDERATION = 1;
const CHAMBER = 2;

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The orgs of the book, on the entries' dept column (`u.deptId` of accounts, `c.deptId` of contacts; `d` their org). */
function orgsOfBook(eb: ExpressionBuilder<any, any>, f: BookFilter, deptColumn: string): Expression<SqlBool> {
  switch (f.kind) {
    case 'aocNext':
      return eb.and([eb('d.parentId', '=', f.org.id), eb('d.deptCategory', '=', FEDERATION)]);
    case 'cocAj':
      return eb.and([
        eb.or([eb('d.parentId', '=', f.org.id), eb('d.id', '=', f.org.id)]),
        eb('d.deptCategory', '=', CHAMBER),
        eb('d.chamberType', '=', ALLOPATRY_IN_JIANGSU),
      ]);
    default:
      return f.includeChild ? deptUnderPath(eb, deptColumn, f.org.idPath) : eb(deptColumn, '=', f.org.id);
  }
}

function tagOfBook(f: BookFilter): 'aoc' | 'coc' | undefined {
  if (f.kind === 'aoc' || f.kind === 'aocNext') return 'aoc';
  if (f.kind === 'coc' || f.kind === 'cocAj') return 'coc';
  return f.profileTag;
}

/** Name, post and e-mail contain the text; a phone matches only whole (a masked list must not let digits be probed one by one). */
function keywordOf(eb: ExpressionBuilder<any, any>, kw: string, cols: { name: string; post: string; email: string; phone: string; account?: string }) {
  const like = `%${escapeLike(kw)}%`;
  const parts = [eb(cols.name, 'like', like), eb(cols.email, 'like', like), eb(cols.post, 'like', like), eb(cols.phone, '=', kw)];
  if (cols.account) parts.push(eb(cols.account, 'like', like));
  return eb.or(parts);
}

/** The accounts of the book (or, isAddressBook 0, the org's accounts not in it). */
function accountsOf(db: Db, scope: DataScope, f: BookFilter) {
  const tag = tagOfBook(f);
  let q = db
    .selectFrom('bladeUser as u')
    .innerJoin('bladeDept as d', 'd.id', 'u.deptId')
    .leftJoin('bladePost as p', (j) => j.onRef('p.id', '=', 'u.postId').on('p.isDeleted', '=', 0))
    .where('u.tenantId', '=', scope.actor.tenantId)
    .where('u.isDeleted', '=', 0)
    .where('d.isDeleted', '=', 0)
    .where('u.isAddressBook', '=', f.isAddressBook)
    .where((eb) => scopePredicate(eb, scope, USER_TABLE.columns))
    .where((eb) => orgsOfBook(eb, f, 'u.deptId'));
  if (tag) q = q.where('u.profileTag', '=', tag);
  const kw = f.keyword?.trim();
  if (kw) q = q.where((eb) => keywordOf(eb, kw, { name: 'u.realName', account: 'u.account', email: 'u.email', post: 'p.postName', phone: 'u.phone' }));
  return q.select([
    'u.id',
    sql<'account'>`'account'::varchar`.as('entryType'),
    'u.account',
    'u.realName',
    'u.sex',
    'u.deptId',
    'd.deptName',
    'd.sort as deptSort',
    'u.postId',
    'p.postName',
    'u.phone',
    'u.email',
    'u.profileTag',
    'u.seq',
    'u.isAddressBook',
    'u.status',
  ]);
}

/** The contact-only entries of the book (the same orgs, tag, search and data scope as its accounts). */
function contactsOf(db: Db, scope: DataScope, f: BookFilter) {
  const tag = tagOfBook(f);
  let q = db
    .selectFrom('aocOrgContact as c')
    .innerJoin('bladeDept as d', 'd.id', 'c.deptId')
    .where('c.tenantId', '=', scope.actor.tenantId)
    .where('c.isDeleted', '=', 0)
    .where('d.isDeleted', '=', 0)
    .where((eb) => scopePredicate(eb, scope, CONTACT_TABLE.columns))
    .where((eb) => orgsOfBook(eb, f, 'c.deptId'));
  if (tag) q = q.where('c.profileTag', '=', tag);
  const kw = f.keyword?.trim();
  if (kw) q = q.where((eb) => keywordOf(eb, kw, { name: 'c.realName', email: 'c.email', post: 'c.postName', phone: 'c.phone' }));
  return q.select([
    'c.id',
    sql<'contact'>`'contact'::varchar`.as('entryType'),
    sql<string | null>`null::varchar`.as('account'),
    'c.realName',
    'c.sex',
    'c.deptId',
    'd.deptName',
    'd.sort as deptSort',
    sql<string | null>`null::bigint`.as('postId'),
    'c.postName',
    'c.phone',
    'c.email',
    'c.profileTag',
    'c.seq',
    sql<number>`1::smallint`.as('isAddressBook'),
    sql<number | null>`null::smallint`.as('status'),
  ]);
}

/**
 * A book's entries: its accounts and its contacts together (UNION ALL, each part filtered on its own
 * indexes), read as one table `b` so that paging, sorting and counting happen in SQL over both kinds.
 * Whom one may add (isAddressBook 0) are accounts only.
 */
function bookQuery(db: Db, scope: DataScope, f: BookFilter) {
  const accounts = accountsOf(db, scope, f);
  const entries = f.isAddressBook === 0 ? accounts : accounts.unionAll(contactsOf(db, scope, f) as unknown as typeof accounts);
  return db.selectFrom(entries.as('b'));
}

const COLUMNS = [
  'b.id',
  'b.entryType',
  'b.account',
  'b.realName',
  'b.sex',
  'b.deptId',
  'b.deptName',
  'b.postId',
  'b.postName',
  'b.phone',
  'b.email',
  'b.profileTag',
  'b.seq',
  'b.isAddressBook',
  'b.status',
] as const;

/**
 * One org's book in its own order (accounts and contacts share the seq space; an account before a contact
 * of the same seq); several orgs' (the orgs below) by org, then each org's order.
 */
const orderOf = (f: BookFilter): Array<[string, 'asc' | 'desc']> => {
  const own: Array<[string, 'asc' | 'desc']> = [
    ['b.seq', 'asc'],
    ['b.entryType', 'asc'],
    ['b.id', 'asc'],
  ];
  return f.kind === 'aocNext' || f.kind === 'cocAj' || f.includeChild ? [['b.deptSort', 'asc'], ['b.deptId', 'asc'], ...own] : own;
};

export const addressRepo = {
  page(db: Db, scope: DataScope, page: PageQuery, f: BookFilter) {
    return paginate<AddressRow>(bookQuery(db, scope, f), (qb) => qb.select(COLUMNS), page, ADDRESS_FIELDS, orderOf(f));
  },

  async count(db: Db, scope: DataScope, f: BookFilter): Promise<number> {
    const r = (await bookQuery(db, scope, f)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow()) as { n: string };
    return Number(r.n);
  },

  /** One chunk of the export, in the list's order. */
  chunk(db: Db, scope: DataScope, f: BookFilter, sort: Pick<PageQuery, 'ascs' | 'descs'>, offset: number, limit: number): Promise<AddressRow[]> {
    return applySort(bookQuery(db, scope, f).select(COLUMNS), sort, ADDRESS_FIELDS, orderOf(f))
      .limit(limit)
      .offset(offset)
      .execute() as Promise<AddressRow[]>;
  },

  /** The tenant's live org by id or by unified number, if it lies inside the scope. */
  orgInScope(db: Db, scope: DataScope, by: { id: string } | { unionId: string }): Promise<BookOrg | undefined> {
    let q = db
      .selectFrom('bladeDept as d')
      .select(['d.id', 'd.idPath', 'd.deptCategory', 'd.chamberType'])
      .where('d.tenantId', '=', scope.actor.tenantId)
      .where('d.isDeleted', '=', 0)
      .where((eb) => scopePredicate(eb, scope, { dept: 'd.id' }));
    q = 'id' in by ? q.where('d.id', '=', by.id) : q.where('d.unionId', '=', by.unionId);
    return q.executeTakeFirst() as Promise<BookOrg | undefined>;
  },

  /** The caller's own org (the default of every book; the user scope still limits its people). */
  ownOrg(db: Db, tenantId: string, deptId: string): Promise<BookOrg | undefined> {
    return db
      .selectFrom('bladeDept as d')
      .select(['d.id', 'd.idPath', 'd.deptCategory', 'd.chamberType'])
      .where('d.tenantId', '=', tenantId)
      .where('d.isDeleted', '=', 0)
      .where('d.id', '=', deptId)
      .executeTakeFirst() as Promise<BookOrg | undefined>;
  },

  /** A user inside the scope, with what remove-address-book checks. */
  findEntry(db: Db, scope: DataScope, id: string): Promise<{ id: string; account: string; profileTag: string | null; isAddressBook: number } | undefined> {
    return db
      .selectFrom('bladeUser as u')
      .select(['u.id', 'u.account', 'u.profileTag', 'u.isAddressBook'])
      .where('u.tenantId', '=', scope.actor.tenantId)
      .where('u.isDeleted', '=', 0)
      .where('u.id', '=', id)
      .where((eb) => scopePredicate(eb, scope, USER_TABLE.columns))
      .executeTakeFirst();
  },
};
