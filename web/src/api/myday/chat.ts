import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  CHAT_LIST_SEGMENT,
  type ChatContactView,
  type ChatLine,
  type ChatMessageView,
  type ChatReadAnswer,
  type ChatSearchView,
  type ChatStatusView,
  type Envelope,
  type PageResult,
  type ThroughTrainView,
} from '@gsl/contract';
import { emptyPage, type ListQuery } from '../crud';
import { get, request } from '../http';

/**
 * 直通车 and chat (specification §7 "My day"; server/src/modules/myday/chat):
 *   GET  /api/aoc-service/through-train/status                 → the four lines: applies, unread each; unread in all
 *   GET  /api/aoc-service/through-train/{user|aoc|coc|mem}/list current, size, name → a line's people with unread and last time
 *   POST /api/aoc-service/contact/add                          { type, recipientId } → the conversation (新增成功)
 *   GET  /api/aoc-service/contact/list                         current, size, type, name → the caller's conversations, newest first
 *   GET  /api/aoc-service/chat/record                          contactId, before, current, size → history, newest first
 *   POST /api/aoc-service/chat/send                            { toUserId, content } → the stored message (发送成功)
 *   GET  /api/aoc-service/chat/search                          keyword, contactId, current, size → the caller's messages containing it
 *   POST /api/aoc-service/chat/read                            { contactId, messageId? } → the caller's unread left
 * Live events: chat.message and chat.read (contract ChatMessageEvent, ChatReadEvent).
 */
const TT = '/api/aoc-service/through-train';
const CHAT = '/api/aoc-service/chat';

export type { ChatContactView, ChatLine, ChatMessageView, ChatReadAnswer, ChatSearchView, ChatStatusView, ThroughTrainView };

/** Messages a history page holds. */
export const HISTORY_PAGE_SIZE = 20;

export const chatKeys = {
  all: ['chat'] as const,
  status: ['chat', 'status'] as const,
  lines: ['chat', 'line'] as const,
  line: (line: ChatLine, query: ListQuery) => ['chat', 'line', line, query] as const,
  contacts: ['chat', 'contacts'] as const,
  contactList: (query: ListQuery) => ['chat', 'contacts', query] as const,
  histories: ['chat', 'history'] as const,
  history: (contactId: string) => ['chat', 'history', contactId] as const,
  search: (query: ListQuery) => ['chat', 'search', query] as const,
};

const filled = (query: ListQuery): ListQuery => Object.fromEntries(Object.entries(query).filter(([, v]) => v !== '' && v !== undefined && v !== null));
const pageOr =
  <T>(query: ListQuery) =>
  (p: PageResult<T> | undefined) =>
    p ?? emptyPage<T>(query);

export const chatStatus = (signal?: AbortSignal) => get<ChatStatusView>(`${TT}/status`, undefined, { signal });

export const lineList = (line: ChatLine, query: ListQuery, signal?: AbortSignal) =>
  get<PageResult<ThroughTrainView>>(`${TT}/${CHAT_LIST_SEGMENT[line]}/list`, filled(query), { signal }).then(pageOr<ThroughTrainView>(query));

export const contactList = (query: ListQuery, signal?: AbortSignal) =>
  get<PageResult<ChatContactView>>('/api/aoc-service/contact/list', filled(query), { signal }).then(pageOr<ChatContactView>(query));

export const addContact = (type: ChatLine, recipientId: string) =>
  request<Envelope<ChatContactView>>('/api/aoc-service/contact/add', { method: 'POST', body: { type, recipientId } }).then((e) => e?.data);

export const chatRecord = (contactId: string, query: { before?: string; size?: number }, signal?: AbortSignal) =>
  get<PageResult<ChatMessageView>>(`${CHAT}/record`, filled({ contactId, ...query }), { signal }).then(pageOr<ChatMessageView>(query));

export const sendChat = (toUserId: string, content: string) =>
  request<Envelope<ChatMessageView>>(`${CHAT}/send`, { method: 'POST', body: { toUserId, content } }).then((e) => e?.data);

export const searchChat = (query: ListQuery, signal?: AbortSignal) =>
  get<PageResult<ChatSearchView>>(`${CHAT}/search`, filled(query), { signal }).then(pageOr<ChatSearchView>(query));

/** Marks the contact's messages read, all of them or up to `messageId`. */
export const readChat = (contactId: string, messageId?: string) =>
  request<Envelope<ChatReadAnswer>>(`${CHAT}/read`, { method: 'POST', body: messageId ? { contactId, messageId } : { contactId } }).then((e) => e?.data);

// Hooks

/** The lines and their unread counts (the header badge, the screens): kept current by the live events. */
export function useChatStatus(enabled = true) {
  return useQuery({ queryKey: chatKeys.status, queryFn: ({ signal }) => chatStatus(signal), enabled });
}

export function useLineList(line: ChatLine, query: ListQuery) {
  return useQuery({ queryKey: chatKeys.line(line, query), queryFn: ({ signal }) => lineList(line, query, signal), placeholderData: keepPreviousData });
}

export function useContactList(query: ListQuery) {
  return useQuery({ queryKey: chatKeys.contactList(query), queryFn: ({ signal }) => contactList(query, signal), placeholderData: keepPreviousData });
}

/** A conversation's history, newest page first; each further page is older (`before` its oldest message). */
export function useChatHistory(contactId: string | null) {
  return useInfiniteQuery({
    queryKey: chatKeys.history(contactId ?? ''),
    queryFn: ({ pageParam, signal }) => chatRecord(contactId as string, { size: HISTORY_PAGE_SIZE, before: pageParam || undefined }, signal),
    initialPageParam: '',
    getNextPageParam: (last) => (last.records.length < HISTORY_PAGE_SIZE ? undefined : last.records[last.records.length - 1].id),
    enabled: Boolean(contactId),
  });
}

export function useChatSearch(query: ListQuery, enabled: boolean) {
  return useQuery({ queryKey: chatKeys.search(query), queryFn: ({ signal }) => searchChat(query, signal), enabled, placeholderData: keepPreviousData });
}
