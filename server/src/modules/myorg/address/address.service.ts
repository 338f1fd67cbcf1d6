import type { Writable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { xlsxSheet } from '../../../platform/files/xlsx-writer.js';
import {
  ADDRESS_BOOK_NAMES,
  ADDRESS_EXPORT_LIMIT,
  ADDRESS_MSG,
  ENTRY_TYPE_NAMES,
  SEX_NAMES,
  USER_STATUS_NAMES,
  maskPhone,
  type AddressBookKind,
  type AddressListQuery,
  type PageQuery,
  type PermissionCode,
  type RemoveAddressBookQuery,
} from '@gsl/contract';
import type { Db } from '../../../db/connection.js';
import type { Actor } from '../../../platform/access/actor.js';
import { isGranted } from '../../../platform/access/grants.js';
import { resolveScope, type DataScope } from '../../../platform/access/scope.js';
import { badRequest, forbidden, notFound } from '../../../platform/http/errors.js';
import { USER_RESOURCE } from '../../user/user.repo.js';
import { userService } from '../../user/user.service.js';
import { ADDRESS_FIELDS, addressRepo, type AddressRow, type BookFilter } from './address.repo.js';
import { sortOrders } from '../../../platform/http/paging.js';

/** Who maintains (adds, removes, orders) and who exports a book; user_edit / user_export (用户管理) too. */
const EDIT_OF_TAG: Record<'aoc' | 'coc', PermissionCode> = { aoc: 'myorg_gsl_address_edit', coc: 'myorg_sh_address_edit' };
const EXPORT_OF_BOOK: Record<AddressBookKind, PermissionCode[]> = {
  aoc: ['myorg_gsl_address_export'],
  aocNext: ['myorg_gsl_address_export'],
  coc: ['myorg_sh_address_export'],
  cocAj: ['myorg_sh_address_export'],
  org: ['myorg_gsl_address_export', 'myorg_sh_address_export'],
};

async function grantedAny(db: Db, actor: Actor, codes: PermissionCode[]): Promise<boolean> {
  for (const code of codes) if (await isGranted(db, actor, code)) return true;
  return false;
}

/** Phones in full for 查看完整手机号 (myorg_address_phone) or 用户管理's user_view; every such answer is logged by the route. */
export const phoneUnmasked = (db: Db, actor: Actor) => grantedAny(db, actor, ['myorg_address_phone', 'user_view']);

/** Every answer that shows phones in full is logged (who, which call, whose numbers: users' and contacts' ids). */
export function logUnmaskedPhones(
  app: FastifyInstance,
  req: FastifyRequest,
  rows: Array<Pick<AddressRow, 'id' | 'phone'> & { entryType: AddressRow['entryType'] }>,
) {
  const shown = rows.filter((r) => r.phone);
  if (!shown.length) return;
  const ids = (kind: AddressRow['entryType']) => shown.filter((r) => r.entryType === kind).map((r) => String(r.id));
  const contactIds = ids('contact');
  app.services.audit.usual(
    req,
    'info',
    'address_phone_view',
    JSON.stringify({ url: req.url.split('?')[0], userIds: ids('account'), ...(contactIds.length ? { contactIds } : {}), fields: ['phone'] }),
  );
}

const scopeOf = (db: Db, actor: Actor) => resolveScope(db, actor, USER_RESOURCE);

/**
 * The book a list call reads. An org named by `deptId` (or, for the chamber books, `unionId`) must lie
 * inside the user data scope, else 404 as a record outside it; no org named means the caller's own
 * (its people still filtered by the scope).
 */
async function bookOf(db: Db, actor: Actor, scope: DataScope, kind: AddressBookKind, q: AddressListQuery): Promise<BookFilter> {
  const unionId = kind === 'coc' || kind === 'cocAj' ? q.unionId : undefined;
  let org;
  if (q.deptId) org = await addressRepo.orgInScope(db, scope, { id: q.deptId });
  else if (unionId) org = await addressRepo.orgInScope(db, scope, { unionId });
  else org = await addressRepo.ownOrg(db, actor.tenantId, actor.deptId);
  if (!org) throw notFound();
  return {
    kind,
    org,
    profileTag: q.profileTag || undefined,
    isAddressBook: q.isAddressBook === 0 ? 0 : 1,
    includeChild: q.includeChild === 1,
    keyword: q.keyword || q.extras || undefined,
  };
}

export interface AddressExportJob {
  scope: DataScope;
  book: BookFilter;
  masked: boolean;
  total: number;
}

export const addressService = {
  async page(db: Db, actor: Actor, kind: AddressBookKind, q: AddressListQuery) {
    const scope = await scopeOf(db, actor);
    return addressRepo.page(db, scope, q, await bookOf(db, actor, scope, kind, q));
  },

  /**
   * remove-address-book: clears the user's `isAddressBook`, the account untouched (it still signs on).
   * The user must lie in the user data scope (else 404, as must a wrong `account`); the caller must
   * maintain that user's book (工商联通讯录 for aoc staff, 商会通讯录 for coc) or hold user_edit.
   */
  async remove(db: Db, actor: Actor, q: RemoveAddressBookQuery): Promise<void> {
    const scope = await scopeOf(db, actor);
    const entry = await addressRepo.findEntry(db, scope, q.userId);
    if (!entry || (q.account !== undefined && q.account.toLowerCase() !== entry.account.toLowerCase())) throw notFound();
    const codes: PermissionCode[] = ['user_edit'];
    if (entry.profileTag === 'aoc' || entry.profileTag === 'coc') codes.push(EDIT_OF_TAG[entry.profileTag]);
    else codes.push(EDIT_OF_TAG.aoc, EDIT_OF_TAG.coc);
    if (!(await grantedAny(db, actor, codes))) throw forbidden(ADDRESS_MSG.noEdit);
    // The user module's own set-address-book change (scope, rank and lock checks in one transaction).
    await userService.setAddressBook(db, actor, [entry.id], 0);
  },

  /** Checks an export before any byte is sent (a refusal is still a JSON answer). */
  async prepareExport(db: Db, actor: Actor, kind: AddressBookKind, q: AddressListQuery): Promise<AddressExportJob> {
    sortOrders(q, ADDRESS_FIELDS); // a bad sort is refused before the download starts
    const scope = await scopeOf(db, actor);
    const book = await bookOf(db, actor, scope, kind, q);
    if (!(await grantedAny(db, actor, [...EXPORT_OF_BOOK[kind], 'user_export']))) throw forbidden(ADDRESS_MSG.noExport);
    const total = await addressRepo.count(db, scope, book);
    if (total > ADDRESS_EXPORT_LIMIT) throw badRequest(ADDRESS_MSG.tooMany);
    return { scope, book, total, masked: !(await phoneUnmasked(db, actor)) };
  },

  /** Streams the workbook, a chunk of rows at a time, in the list's order. */
  async writeExport(db: Db, job: AddressExportJob, sort: Pick<PageQuery, 'ascs' | 'descs'>, out: Writable): Promise<AddressRow[]> {
    const sheet = xlsxSheet(out, {
      name: ADDRESS_BOOK_NAMES[job.book.kind],
      columns: [
        { header: '序号', width: 8 },
        { header: '姓名', width: 12 },
        { header: '性别', width: 8 },
        { header: '所属机构', width: 30 },
        { header: '职务', width: 16 },
        { header: '手机号码', width: 15 },
        { header: '邮箱', width: 26 },
        { header: '账号', width: 18 },
        { header: '状态', width: 8 },
        { header: '类型', width: 8 },
      ],
      header: { fill: 'FFE6F0FF' },
    });
    const shown: AddressRow[] = [];
    const CHUNK = 500;
    let no = 0;
    for (let offset = 0; offset < job.total; offset += CHUNK) {
      const rows = await addressRepo.chunk(db, job.scope, job.book, sort, offset, CHUNK);
      for (const r of rows) {
        if (!job.masked && r.phone) shown.push(r);
        sheet.row([
          ++no,
          r.realName ?? '',
          r.sex ? (SEX_NAMES[r.sex] ?? '') : '',
          r.deptName ?? '',
          r.postName ?? '',
          (job.masked ? maskPhone(r.phone) : r.phone) ?? '',
          r.email ?? '',
          r.account ?? '',
          r.status === null ? '' : (USER_STATUS_NAMES[r.status] ?? String(r.status)),
          ENTRY_TYPE_NAMES[r.entryType],
        ]);
      }
      if (rows.length < CHUNK || !(await sheet.drained())) break;
    }
    await sheet.end();
    return shown;
  },
};
