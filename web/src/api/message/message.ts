import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  Channel,
  Envelope,
  InboxView,
  isSendAnswer,
  PageResult,
  RangeChamber,
  RangeCount,
  RangePerson,
  RecipientView,
  SendRange,
  SendView,
  senderAnswer,
  smsCodeAnswer,
  smsValidateAnswer,
  SourceView,
  TagCount,
  TagType,
} from '@gsl/contract';
import { emptyPage, type ListQuery } from '../crud';
import { get, request } from '../http';

/**
 * The message centre (specification §7 "Message centre (/api/msg-center)" and the user-message calls of
 * §7 "Users"; server/src/modules/message):
 *   GET  /api/msg-center/publish/range/is-send          channel, sendCode → may the user send on it (and why not)
 *   GET  /api/msg-center/publish/range/sender           sendCode → the sender, their org's SMS signature, their channels, canUrgent
 *   GET  /api/msg-center/publish/range/list             sendCode, channel, status, startDate, endDate, title, current, size
 *   GET  /api/msg-center/publish/range/share            sendCode, operatorId, orgId, current, size
 *   GET  /api/msg-center/publish/range/legal-service    sendCode, ids
 *   POST /api/msg-center/publish/range/remind           { id, channel: sys | sms } → the unread are reminded
 *   POST /api/msg-center/publish/range/resend           ?id= → the failed recipients only, once more
 *   POST /api/msg-center/{sys|sms|email}/send           ?sendCode=, body SendForm (title, content, range, urgent, attachIds)
 *   GET  /api/msg-center/{sys|sms|email}/detail         id
 *   GET  /api/msg-center/{sys|sms|email}/detail/list    noticeId (sys) | sendId, status, isRead, name, current, size
 *   GET  /api/msg-center/notice/publish/list, notice/receive/list
 *   GET  /api/msg-center/send-range/coc/list            deptId, name, current, size → chambers below the org
 *   GET  /api/msg-center/send-range/user/{tag}/list     deptId, cocUnionId, name, current, size → the tag's people (masked)
 *   GET  /api/msg-center/send-range/user/{tag}/count    deptId, cocUnionId → head count and reach per channel
 *   POST /api/msg-center/send-range/user/count          { channel, range } → distinct recipients of a mixed selection
 *   GET  /api/msg-center/sms-center/source/detail       deptId | unionId → the org's SMS signature, quota, today's use, quiet hours
 *   POST /api/msg-center/sms-center/source/submit       { deptId, signName, dailyQuota, quietStart, quietEnd }
 *   POST /api/msg-center/sms/code, sms/validate         one-time codes (phone binding)
 *   GET  /api/blade-user/message/sampleList, detail, unread-count
 *   POST /api/blade-user/message/updateIsReadbyId ?id=, updateIsRead (all), update { id, isRead }, remove ?ids=
 */
const MC = '/api/msg-center';
const UM = '/api/blade-user/message';

export type SenderView = z.infer<typeof senderAnswer>;
export type IsSendView = z.infer<typeof isSendAnswer>;
export type SmsCodeView = z.infer<typeof smsCodeAnswer>;
export type SmsValidateView = z.infer<typeof smsValidateAnswer>;
export type { Channel, InboxView, RangeChamber, RangeCount, RangePerson, RecipientView, SendRange, SendView, SourceView, TagCount, TagType };

/** The org a range looks below (default the sender's) and, optionally, one chamber. */
export interface RangeWhere {
  deptId?: string;
  cocUnionId?: string;
}

/** What a write answers: its data and the server's message (e.g. 当前为短信免打扰时段,将于…发送). */
export interface Answered<T> {
  data: T;
  msg: string;
}

export const messageKeys = {
  all: ['message'] as const,
  sender: ['message', 'sender'] as const,
  isSend: (channel: Channel) => ['message', 'is-send', channel] as const,
  tagCount: (tag: TagType, where: RangeWhere) => ['message', 'range', 'count', tag, where.deptId ?? '', where.cocUnionId ?? ''] as const,
  rangeCount: (channel: Channel, range: SendRange) => ['message', 'range', 'total', channel, range] as const,
  tagList: (tag: TagType, query: ListQuery) => ['message', 'range', 'list', tag, query] as const,
  chambers: (query: ListQuery) => ['message', 'range', 'chambers', query] as const,
  sent: ['message', 'sent'] as const,
  sentList: (query: ListQuery) => ['message', 'sent', 'list', query] as const,
  detail: (channel: Channel, id: string) => ['message', 'sent', 'detail', channel, id] as const,
  recipients: (channel: Channel, id: string, query: ListQuery) => ['message', 'sent', 'recipients', channel, id, query] as const,
  source: (deptId: string) => ['message', 'source', deptId] as const,
  inbox: ['message', 'inbox'] as const,
  inboxList: (query: ListQuery) => ['message', 'inbox', 'list', query] as const,
  inboxDetail: (id: string) => ['message', 'inbox', 'detail', id] as const,
  unread: ['message', 'unread'] as const,
};

/** Empty filters are no filters (the search forms leave unused fields ''). */
const filled = (query: ListQuery): ListQuery => Object.fromEntries(Object.entries(query).filter(([, v]) => v !== '' && v !== undefined && v !== null));

async function postAnswer<T>(url: string, opts: { params?: ListQuery; body?: unknown } = {}): Promise<Answered<T>> {
  const envelope = await request<Envelope<T>>(url, { method: 'POST', ...opts });
  return { data: envelope?.data as T, msg: envelope?.msg ?? '' };
}

const pageOr =
  <T>(query: ListQuery) =>
  (p: PageResult<T> | undefined) =>
    p ?? emptyPage<T>(query);

// 发送人与发送范围

export const isSend = (channel: Channel, sendCode?: string, signal?: AbortSignal) =>
  get<IsSendView>(`${MC}/publish/range/is-send`, { channel, sendCode }, { signal });

export const getSender = (sendCode?: string, signal?: AbortSignal) => get<SenderView>(`${MC}/publish/range/sender`, { sendCode }, { signal });

export const chamberList = (query: ListQuery, signal?: AbortSignal) =>
  get<PageResult<RangeChamber>>(`${MC}/send-range/coc/list`, filled(query), { signal }).then(pageOr<RangeChamber>(query));

export const tagList = (tag: TagType, query: ListQuery, signal?: AbortSignal) =>
  get<PageResult<RangePerson>>(`${MC}/send-range/user/${tag}/list`, filled(query), { signal }).then(pageOr<RangePerson>(query));

export const tagCount = (tag: TagType, where: RangeWhere, signal?: AbortSignal) =>
  get<TagCount>(`${MC}/send-range/user/${tag}/count`, filled({ ...where }), { signal });

export const rangeCount = async (channel: Channel, range: SendRange) =>
  (await postAnswer<RangeCount>(`${MC}/send-range/user/count`, { body: { channel, range } })).data;

// 发送与已发送

/** The compose form as the server takes it (contract sendForm; `title` is not sent for an SMS). */
export interface SendBody {
  title?: string;
  content: string;
  range: SendRange;
  urgent?: boolean;
  attachIds?: string[];
}

export const sendMessage = (channel: Channel, body: SendBody, sendCode?: string) =>
  postAnswer<{ id: string; total: number; notBefore: string | null }>(`${MC}/${channel}/send`, { params: { sendCode }, body });

export const publishList = (query: ListQuery, signal?: AbortSignal) =>
  get<PageResult<SendView>>(`${MC}/publish/range/list`, filled(query), { signal }).then(pageOr<SendView>(query));

export const shareList = (query: ListQuery, signal?: AbortSignal) =>
  get<PageResult<SendView>>(`${MC}/publish/range/share`, filled(query), { signal }).then(pageOr<SendView>(query));

export const legalServiceList = (ids: string[], sendCode?: string, signal?: AbortSignal) =>
  get<SendView[]>(`${MC}/publish/range/legal-service`, { sendCode, ids: ids.join(',') }, { signal }).then((r) => r ?? []);

export const noticePublishList = (query: ListQuery, signal?: AbortSignal) =>
  get<PageResult<SendView>>(`${MC}/notice/publish/list`, filled(query), { signal }).then(pageOr<SendView>(query));

export const noticeReceiveList = (query: ListQuery, signal?: AbortSignal) =>
  get<PageResult<InboxView>>(`${MC}/notice/receive/list`, filled(query), { signal }).then(pageOr<InboxView>(query));

export const sendDetail = (channel: Channel, id: string, signal?: AbortSignal) => get<SendView>(`${MC}/${channel}/detail`, { id }, { signal });

/** A send's recipients: a notice is named by noticeId, an SMS or e-mail by sendId (§7). */
export const recipientList = (channel: Channel, id: string, query: ListQuery, signal?: AbortSignal) =>
  get<PageResult<RecipientView>>(`${MC}/${channel}/detail/list`, filled({ ...query, [channel === 'sys' ? 'noticeId' : 'sendId']: id }), { signal }).then(
    pageOr<RecipientView>(query),
  );

/** 提醒未读: a notice (or an SMS) again to the send's recipients who have not read it. */
export const remindUnread = (id: string, channel: 'sys' | 'sms') =>
  postAnswer<{ id: string; total: number; notBefore: string | null }>(`${MC}/publish/range/remind`, { body: { id, channel } });

/** 失败重发: the failed recipients only. */
export const resendFailed = (id: string) => postAnswer<{ id: string; total: number }>(`${MC}/publish/range/resend`, { params: { id } });

// 短信签名与额度, 验证码

export const sourceDetail = (where: { deptId?: string; unionId?: string }, signal?: AbortSignal) =>
  get<SourceView>(`${MC}/sms-center/source/detail`, filled({ ...where }), { signal });

export interface SourceBody {
  deptId: string;
  signName: string;
  dailyQuota: number;
  quietStart: string;
  quietEnd: string;
}

export const sourceSubmit = (body: SourceBody) => postAnswer<SourceView>(`${MC}/sms-center/source/submit`, { body });

export const smsCode = (mobile: string) => postAnswer<SmsCodeView>(`${MC}/sms/code`, { body: { mobile } });

export const smsValidate = (mobile: string, code: string) => postAnswer<SmsValidateView>(`${MC}/sms/validate`, { body: { mobile, code } });

// 我的消息

export const inboxList = (query: ListQuery, signal?: AbortSignal) =>
  get<PageResult<InboxView>>(`${UM}/sampleList`, filled(query), { signal }).then(pageOr<InboxView>(query));

export const inboxDetail = (id: string, signal?: AbortSignal) => get<InboxView>(`${UM}/detail`, { id }, { signal });

export const markRead = (id: string) => postAnswer<null>(`${UM}/updateIsReadbyId`, { params: { id } });

export const markAllRead = () => postAnswer<{ unread: number }>(`${UM}/updateIsRead`);

export const setReadState = (id: string, isRead: 0 | 1) => postAnswer<null>(`${UM}/update`, { body: { id, isRead } });

export const removeMessages = (ids: string[]) => postAnswer<null>(`${UM}/remove`, { params: { ids: ids.join(',') } });

export const unreadCount = (signal?: AbortSignal) => get<{ unread: number }>(`${UM}/unread-count`, undefined, { signal });

// Hooks

export function useSender(enabled = true) {
  return useQuery({ queryKey: messageKeys.sender, queryFn: ({ signal }) => getSender(undefined, signal), enabled });
}

export function useIsSend(channel: Channel | undefined) {
  return useQuery({
    queryKey: messageKeys.isSend(channel ?? 'sys'),
    queryFn: ({ signal }) => isSend(channel as Channel, undefined, signal),
    enabled: Boolean(channel),
  });
}

export function useTagCount(tag: TagType, where: RangeWhere) {
  return useQuery({ queryKey: messageKeys.tagCount(tag, where), queryFn: ({ signal }) => tagCount(tag, where, signal) });
}

export function useSentList(query: ListQuery) {
  return useQuery({ queryKey: messageKeys.sentList(query), queryFn: ({ signal }) => publishList(query, signal), placeholderData: keepPreviousData });
}

export function useInboxList(query: ListQuery) {
  return useQuery({ queryKey: messageKeys.inboxList(query), queryFn: ({ signal }) => inboxList(query, signal), placeholderData: keepPreviousData });
}

/** The header badge's count (and the 我的消息 page's): refreshed by the live events and by every read. */
export function useUnreadCount(enabled = true) {
  return useQuery({ queryKey: messageKeys.unread, queryFn: ({ signal }) => unreadCount(signal).then((r) => r?.unread ?? 0), enabled });
}
