import { z } from 'zod';
import { ID_MSG, idOf, pageQuery } from '../envelope.js';

/**
 * 我的组织 › the address books (specification §2 gslAddress, shAddress, addressBook, addressBookDetail;
 * §3 "Org user list query": unionId or deptId, current, size, profileTag, isAddressBook, includeChild;
 * §7 "Users" userProfile/aoc|coc lists, remove-address-book and portal/currentOrgUserList; §9 address-book
 * lists: size 500, no child inclusion). An entry of a book is a staff account whose `isAddressBook` is 1
 * (removing it from the book clears the flag and keeps the account) or a contact-only entry (myorg/contact.ts).
 */
export const ADDRESS_MSG = {
  removed: '已移出通讯录',
  added: '已加入通讯录',
  ordered: '排序已保存',
  accountMismatch: '账号与用户不一致',
  bookFlag: 'isAddressBook 只能是 1',
  noEdit: '无权维护该通讯录',
  noExport: '无权导出该通讯录',
  tooMany: '导出数据超过5000条,请缩小筛选范围',
  emptyBook: '通讯录暂无人员',
} as const;

/** Address-book lists ask for this many rows at once (§9). */
export const ADDRESS_PAGE_SIZE = 500;
/** The most rows one export holds (a book is one org's staff; 5000 is far above any). */
export const ADDRESS_EXPORT_LIMIT = 5000;

/**
 * The books, by the call that reads them (README deviation 44):
 * - `aoc`     aoc/currentOrgUserList — the federation's own staff (profile tag aoc) of org `deptId` (default the caller's);
 * - `aocNext` aoc/nextOrgUserList — the staff of the federations directly below `deptId`;
 * - `coc`     coc/currentOrgUserList — the chamber's (or association's) own staff (tag coc), the org named by `unionId` or `deptId`;
 * - `cocAj`   coc/currentAllopatryJSOrgUserList — the staff of the 外省在苏商会 (chamber type 3) directly attached to `deptId`
 *             (or of `deptId` itself when it is one);
 * - `org`     portal/currentOrgUserList — everyone in the book of org `deptId`, optionally of one profile tag.
 */
export const ADDRESS_BOOKS = ['aoc', 'aocNext', 'coc', 'cocAj', 'org'] as const;
export type AddressBookKind = (typeof ADDRESS_BOOKS)[number];
export const ADDRESS_BOOK_NAMES: Record<AddressBookKind, string> = {
  aoc: '本会工作人员',
  aocNext: '下级工商联',
  coc: '本商会工作人员',
  cocAj: '异地商会(外省在苏)',
  org: '机构通讯录',
};

const orgId = z.union([idOf('机构编号格式不正确', { trim: true }), z.literal('')]).optional();
const flag = (message: string) => z.union([z.literal('0'), z.literal('1'), z.literal(0), z.literal(1)], { message }).transform(Number);
const text = (max: number) => z.string().trim().max(max, `长度不能超过${max}个字符`).optional();

/** §3 "Org user list query", with a search text (姓名、账号、职务、邮箱 contain it; a phone matches whole). */
export const addressListQuery = pageQuery.extend({
  deptId: orgId,
  /** The org's unified number (blade_dept.union_id), the chamber calls' way of naming it. */
  unionId: text(64),
  profileTag: z.union([z.enum(['aoc', 'coc'], { message: '人员标签只能是 aoc 或 coc' }), z.literal('')]).optional(),
  /** 1 (default) the book's entries; 0 the org's accounts not in the book (whom one may add). */
  isAddressBook: flag('isAddressBook 只能是 0 或 1').optional(),
  /** 1: the org and every org below it (the §9 address-book screens send 0). */
  includeChild: z.union([flag('includeChild 只能是 0 或 1'), z.literal('true').transform(() => 1), z.literal('false').transform(() => 0)]).optional(),
  keyword: text(50),
  /** coc/currentOrgUserList's `extras`: the same search text as `keyword`. */
  extras: text(50),
});
export type AddressListQuery = z.infer<typeof addressListQuery>;

/** The exports: one book of the family, the list's filters (its rows in the list's order, streamed as xlsx). */
export const aocExportQuery = addressListQuery.extend({ book: z.enum(['aoc', 'aocNext'], { message: '请选择要导出的通讯录' }).default('aoc') });
export const cocExportQuery = addressListQuery.extend({ book: z.enum(['coc', 'cocAj'], { message: '请选择要导出的通讯录' }).default('coc') });
export type AddressExportQuery = z.infer<typeof aocExportQuery> | z.infer<typeof cocExportQuery>;

/** remove-address-book (DELETE): the user, its account as a check, and the flag that is cleared (1). */
export const removeAddressBookQuery = z.object({
  userId: idOf(ID_MSG, { trim: true, required: '请选择要移出通讯录的人员' }),
  account: z.string().trim().max(45, '账号长度不能超过45个字符').optional(),
  isAddressBook: z
    .union([z.literal('1'), z.literal(1)], { message: ADDRESS_MSG.bookFlag })
    .transform(() => 1 as const)
    .optional(),
});
export type RemoveAddressBookQuery = z.infer<typeof removeAddressBookQuery>;

/**
 * One entry of a book: an account in the book (`entryType` account, `id` the user's) or a contact-only entry
 * (`entryType` contact, `id` the contact's, no account, post id or status). Ids of the two kinds may
 * coincide, so an entry is named by both. The phone is 138****1234 unless the caller holds 查看完整手机号 (or user_view).
 */
export const addressEntryRecord = z.object({
  id: z.string(),
  entryType: z.enum(['account', 'contact']).describe('account: 账号; contact: 联系人 (无账号)'),
  account: z.string().nullable(),
  realName: z.string().nullable(),
  sex: z.number().nullable(),
  deptId: z.string(),
  deptName: z.string().nullable(),
  postId: z.string().nullable(),
  postName: z.string().nullable().describe('职务 (blade_post)'),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  profileTag: z.string().nullable(),
  seq: z.number(),
  isAddressBook: z.number(),
  status: z.number().nullable().describe('账号状态; 联系人为 null'),
});
export type AddressEntryView = z.infer<typeof addressEntryRecord>;
