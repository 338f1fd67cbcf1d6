import type { AddressBookKind, AddressEntryView, Envelope, PageResult } from '@gsl/contract';
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
 * Lists ask for 500 rows without child inclusion (§9).
 */
export type { AddressBookKind, AddressEntryView };

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
export async function removeFromBook(entry: Pick<AddressEntryView, 'id' | 'account'>): Promise<string> {
  const envelope = await request<Envelope<null>>('/api/aoc-service/userProfile/remove-address-book', {
    method: 'DELETE',
    params: { userId: entry.id, account: entry.account, isAddressBook: 1 },
  });
  return envelope.msg;
}

/** Puts accounts of the org into the book (the user module's set-address-book). */
export async function addToBook(userIds: string[]): Promise<void> {
  await request<Envelope<null>>('/api/blade-user/set-address-book', { method: 'POST', params: { userIds: userIds.join(','), isAddressBook: 1 } });
}

/** Saves the book's order (the user module's changeUserSeq, one transaction). */
export async function saveOrder(list: Array<{ id: string; seq: number }>): Promise<void> {
  await request<Envelope<null>>('/api/blade-user/changeUserSeq', { method: 'POST', body: { list } });
}

export const exportBook = (family: 'aoc' | 'coc', book: AddressBookKind, q: BookQuery, onProgress?: (p: Progress) => void): Promise<DownloadedFile> =>
  downloadFile(`/api/blade-user/userProfile/${family}/export`, {
    params: { ...bookParams(q), book, current: undefined, size: undefined },
    fallbackName: family === 'aoc' ? '工商联通讯录.xlsx' : '商会通讯录.xlsx',
    onProgress,
  });
