import type { AddressBookKind, AddressEntryView, EntryType, Envelope, OrgContactView, PageResult } from '@gsl/contract';
import { ADDRESS_PAGE_SIZE } from '@gsl/contract';
import { downloadFile, type DownloadedFile, type Progress } from '../files';
import { get, request, type QueryValue } from '../http';

/**
 * 我的组织's address books (specification §7 "Users" / "Portal"; README deviation 44):
 *   GET    /api/blade-user/userProfile/aoc/currentOrgUserList          the federation's own staff (deptId, default the own org)
 *   GET    /api/blade-user/userProfile/aoc/nextOrgUserList             the staff of the federations directly below
 *   GET    /api/blade-user/userProfile/coc/currentOrgUserList          a chamber's staff (unionId or deptId)
 *   GET    /api/blade-user/userProfile/coc/currentAllopatryJSOrgUserList  the 外省在苏 chambers' staff
 *   GET    /api/aoc-service/portal/currentOrgUserList                  one org's book (通讯录)
 *   DELETE /api/aoc-service/userProfile/remove-address-book           ?userId&account&isAddressBook=1 (the account stays)
 *   POST   /api/blade-user/set-address-book                            ?userIds&isAddressBook=1 (add accounts to the book)
 *   POST   /api/blade-user/changeUserSeq                               { list: [{ id, seq }] } (the book's order)
 *   GET    /api/blade-user/userProfile/{aoc|coc}/export                the book as xlsx
 *   GET    /api/blade-user/userProfile/contact/detail                  ?id (a contact-only entry)
 *   POST   /api/blade-user/userProfile/contact/submit                  add (no id) or update (id, version) a contact
 *   POST   /api/blade-user/userProfile/contact/remove                  ?ids (deletes the contact)
 *   POST   /api/blade-user/userProfile/contact/changeSeq               { list: [{ id, seq }] } (the contacts' places in the book's order)
 * Lists ask for 500 rows without child inclusion (§9). A book holds accounts and contacts (entryType).
 */
export type { AddressBookKind, AddressEntryView, EntryType, OrgContactView };

const CONTACT = '/api/blade-user/userProfile/contact';

export const BOOK_URLS: Record<AddressBookKind, string> = {
  aoc: '/api/blade-user/userProfile/aoc/currentOrgUserList',
  aocNext: '/api/blade-user/userProfile/aoc/nextOrgUserList',
  coc: '/api/blade-user/userProfile/coc/currentOrgUserList',
  cocAj: '/api/blade-user/userProfile/coc/currentAllopatryJSOrgUserList',
  org: '/api/aoc-service/portal/currentOrgUserList',
};

export interface BookQuery {
  deptId?: string;
  unionId?: string;
  profileTag?: 'aoc' | 'coc';
  /** 0: the org's accounts not in the book (whom one may add). */
  isAddressBook?: 0 | 1;
  keyword?: string;
  current?: number;
  size?: number;
}

export const addressKeys = {
  all: ['myorg', 'address'] as const,
  book: (kind: AddressBookKind, q: BookQuery) => ['myorg', 'address', kind, q] as const,
  contact: (id: string) => ['myorg', 'address', 'contact', id] as const,
};

/** The query string of a book: §9's 500 rows, no child inclusion, empty values left out. */
export function bookParams(q: BookQuery): Record<string, QueryValue> {
  const out: Record<string, QueryValue> = { current: q.current ?? 1, size: q.size ?? ADDRESS_PAGE_SIZE, includeChild: 0 };
  if (q.deptId) out.deptId = q.deptId;
  if (q.unionId) out.unionId = q.unionId;
  if (q.profileTag) out.profileTag = q.profileTag;
  if (q.isAddressBook !== undefined) out.isAddressBook = q.isAddressBook;
  if (q.keyword?.trim()) out.keyword = q.keyword.trim();
  return out;
}

export const getBook = (kind: AddressBookKind, q: BookQuery, signal?: AbortSignal) =>
  get<PageResult<AddressEntryView>>(BOOK_URLS[kind], bookParams(q), { signal });

/** Takes a person out of the book; the account is kept and still signs on. Answers 已移出通讯录. */
export async function removeFromBook(entry: { id: string; account: string | null }): Promise<string> {
  const envelope = await request<Envelope<null>>('/api/aoc-service/userProfile/remove-address-book', {
    method: 'DELETE',
    params: { userId: entry.id, ...(entry.account ? { account: entry.account } : {}), isAddressBook: 1 },
  });
  return envelope.msg;
}

/** Puts accounts of the org into the book (the user module's set-address-book). */
export async function addToBook(userIds: string[]): Promise<void> {
  await request<Envelope<null>>('/api/blade-user/set-address-book', { method: 'POST', params: { userIds: userIds.join(','), isAddressBook: 1 } });
}

/**
 * Saves the book's order: the accounts' places by the user module's changeUserSeq, the contacts' by
 * contact/changeSeq (one seq space, each call one transaction).
 */
export async function saveOrder(list: Array<{ id: string; seq: number; entryType?: EntryType }>): Promise<void> {
  const of = (kind: EntryType) => list.filter((e) => (e.entryType ?? 'account') === kind).map(({ id, seq }) => ({ id, seq }));
  const accounts = of('account');
  const contacts = of('contact');
  if (accounts.length) await request<Envelope<null>>('/api/blade-user/changeUserSeq', { method: 'POST', body: { list: accounts } });
  if (contacts.length) await request<Envelope<null>>(`${CONTACT}/changeSeq`, { method: 'POST', body: { list: contacts } });
}

/** What the contact form sends: add without id, update with id and version. */
export interface ContactInput {
  id?: string;
  version?: number;
  deptId?: string;
  profileTag?: 'aoc' | 'coc';
  realName: string;
  sex?: number | null;
  postName?: string | null;
  phone?: string | null;
  email?: string | null;
  seq?: number;
  remark?: string | null;
}

export const getContact = (id: string, signal?: AbortSignal) => get<OrgContactView>(`${CONTACT}/detail`, { id }, { signal });

/** Adds or updates a contact; answers the server's message (新增成功 / 更新成功). */
export async function submitContact(input: ContactInput): Promise<string> {
  const envelope = await request<Envelope<OrgContactView>>(`${CONTACT}/submit`, { method: 'POST', body: input });
  return envelope.msg;
}

/** Deletes a contact (it has no account to keep). Answers 删除成功. */
export async function removeContact(id: string): Promise<string> {
  const envelope = await request<Envelope<null>>(`${CONTACT}/remove`, { method: 'POST', params: { ids: id } });
  return envelope.msg;
}

export const exportBook = (family: 'aoc' | 'coc', book: AddressBookKind, q: BookQuery, onProgress?: (p: Progress) => void): Promise<DownloadedFile> =>
  downloadFile(`/api/blade-user/userProfile/${family}/export`, {
    params: { ...bookParams(q), book, current: undefined, size: undefined },
    fallbackName: family === 'aoc' ? '工商联通讯录.xlsx' : '商会通讯录.xlsx',
    onProgress,
  });
