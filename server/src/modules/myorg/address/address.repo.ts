import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { AddressBookKind, PageQuery } from '@gsl/contract';
import type { Db } from '../../../db/connection.js';
import { deptUnderPath, scopePredicate, type DataScope } from '../../../platform/access/scope.js';
import { fieldsOn } from '../../../platform/db/fields.js';
import { applySort, paginate } from '../../../platform/http/paging.js';
import { USER_TABLE } from '../../user/user.repo.js';

/** Sortable fields of a book (ascs / descs); the default order is the book's own (seq). */
export const ADDRESS_FIELDS = fieldsOn('u', {
  account: 'text',
  realName: 'text',
  seq: 'int',
  deptName: ['d.deptName', 'text'],
  postName: ['p.postName', 'text'],
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
  account: string;
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
  status: number;
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

function orgsOfBook(eb: ExpressionBuilder<any, any>, f: BookFilter): Expression<SqlBool> {
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
      return f.includeChild ? deptUnderPath(eb, 'u.deptId', f.org.idPath) : eb('u.deptId', '=', f.org.id);
  }
}

function tagOfBook(f: BookFilter): 'aoc' | 'coc' | undefined {
  if (f.kind === 'aoc' || f.kind === 'aocNext') return 'aoc';
  if (f.kind === 'coc' || f.kind === 'cocAj') return 'coc';
  return f.profileTag;
}

function bookQuery(db: Db, scope: DataScope, f: BookFilter) {
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
    .where((eb) => orgsOfBook(eb, f));
  if (tag) q = q.where('u.profileTag', '=', tag);
  const kw = f.keyword?.trim();
  if (kw) {
    const like = `%${escapeLike(kw)}%`;
    // A phone matches only whole: a masked list must not let digits be probed one by one.
    q = q.where((eb) =>
      eb.or([
        eb('u.realName', 'like', like),
        eb('u.account', 'like', like),
        eb('u.email', 'like', like),
        eb('p.postName', 'like', like),
        eb('u.phone', '=', kw),
      ]),
    );
  }
  return q;
}

const COLUMNS = [
  'u.id',
  'u.account',
  'u.realName',
  'u.sex',
  'u.deptId',
  'd.deptName',
  'u.postId',
  'p.postName',
  'u.phone',
  'u.email',
  'u.profileTag',
  'u.seq',
  'u.isAddressBook',
  'u.status',
] as const;

/** One org's book in its own order; several orgs' (the orgs below) by org, then each org's order. */
const orderOf = (f: BookFilter): Array<[string, 'asc' | 'desc']> =>
  f.kind === 'aocNext' || f.kind === 'cocAj' || f.includeChild
    ? [
        ['d.sort', 'asc'],
        ['d.id', 'asc'],
        ['u.seq', 'asc'],
        ['u.id', 'asc'],
      ]
    : [
        ['u.seq', 'asc'],
        ['u.id', 'asc'],
      ];

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
