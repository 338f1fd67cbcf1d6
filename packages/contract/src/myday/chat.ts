import { z } from 'zod';
import { idOf, pageQuery } from '../envelope.js';

/**
 * 直通车 (direct lines) and their chat (specification §2 /portal/myDay connectInside, connectFIC,
 * connectCOC, connectMem; §7 "My day": Through-train status, Lists for aoc, coc and user, Contact POST and
 * list, Chat record, send, search, read; §4 "A single notification or chat can be marked read").
 *
 * Four lines, each a contact list and one-to-one text chat:
 *   inside  内部直通车   colleagues (staff accounts) of the user's own org
 *   fic     工商联直通车 staff of the federations above the user's org
 *   coc     商会直通车   staff of the chambers and associations below the user's org
 *   mem     企业直通车   member enterprises' contacts inside the user's member data scope; a contact can be
 *                        chatted with when a sign-on account carries the contact's phone number
 */

export const CHAT_LINES = ['inside', 'fic', 'coc', 'mem'] as const;
export type ChatLine = (typeof CHAT_LINES)[number];

export interface ChatLineDef {
  /** The screen's name (§2). */
  name: string;
  /** The portal route of the line's screen. */
  path: string;
  /** Who the line reaches, as the screen explains it. */
  note: string;
}

export const CHAT_LINE_DEFS: Record<ChatLine, ChatLineDef> = {
  inside: { name: '内部直通车', path: '/portal/myDay/connectInside', note: '本组织的同事' },
  fic: { name: '工商联直通车', path: '/portal/myDay/connectFIC', note: '上级工商联的工作人员' },
  coc: { name: '商会直通车', path: '/portal/myDay/connectCOC', note: '所属商会、协会的工作人员' },
  mem: { name: '企业直通车', path: '/portal/myDay/connectMem', note: '数据权限内会员企业的联系人' },
};

/** The path segment of each line's list call ("Lists for aoc, coc and user", §7; mem is the fourth line). */
export const CHAT_LIST_SEGMENT: Record<ChatLine, 'user' | 'aoc' | 'coc' | 'mem'> = { inside: 'user', fic: 'aoc', coc: 'coc', mem: 'mem' };

/** Longest message, in characters (after trimming). */
export const CHAT_CONTENT_MAX = 2000;
/** Longest search text and name filter. */
export const CHAT_SEARCH_MAX = 100;

export const CHAT_MSG = {
  contentRequired: '请输入消息内容',
  contentTooLong: `消息内容不能超过${CHAT_CONTENT_MAX}个字`,
  contactRequired: '请选择联系人',
  contactBad: '联系人编号格式不正确',
  messageBad: '消息编号格式不正确',
  lineBad: '直通车类型不正确',
  keywordRequired: '请输入要查找的内容',
  keywordTooLong: `查找内容不能超过${CHAT_SEARCH_MAX}个字`,
  nameTooLong: `姓名或机构不能超过${CHAT_SEARCH_MAX}个字`,
  noAccount: '该联系人尚未开通账号,无法在线沟通',
  sent: '发送成功',
} as const;

/** The live events of the chat (module guide §8); `data` is small: ids and the counts computed in the database. */
export const CHAT_EVENT = { message: 'chat.message', read: 'chat.read' } as const;

const contactId = idOf(CHAT_MSG.contactBad, { trim: true, required: CHAT_MSG.contactRequired });
const optionalContact = z.union([idOf(CHAT_MSG.contactBad, { trim: true }), z.literal('')]).optional();
const messageId = idOf(CHAT_MSG.messageBad, { trim: true });
const lineField = z.enum(CHAT_LINES, { message: CHAT_MSG.lineBad });
const nameFilter = z.string().trim().max(CHAT_SEARCH_MAX, CHAT_MSG.nameTooLong).optional();

/** A message as typed: trimmed, not empty, at most CHAT_CONTENT_MAX characters. */
export const chatContent = z
  .string({ message: CHAT_MSG.contentRequired })
  .trim()
  .min(1, CHAT_MSG.contentRequired)
  .max(CHAT_CONTENT_MAX, CHAT_MSG.contentTooLong);

// ---------------------------------------------------------------------------------------------
// Requests

/** through-train/{user|aoc|coc|mem}/list: paging and `name` (a person's or an org's name contains). */
export const throughTrainListQuery = pageQuery.extend({ name: nameFilter });

/** contact/list: the caller's conversations, newest first; one line only with `type`, `name` contains. */
export const chatContactListQuery = pageQuery.extend({ type: z.union([lineField, z.literal('')]).optional(), name: nameFilter });

/** contact/add (§3 "Chat contact: type, userId, recipientId"): the caller adds someone of a line to their conversations. */
export const chatContactAdd = z.object({ type: lineField, recipientId: contactId }).strict();
export type ChatContactAdd = z.infer<typeof chatContactAdd>;

/** chat/record: the history with one contact, newest first; `before` (a message id) pages to older ones. */
export const chatRecordQuery = pageQuery.extend({ contactId, before: z.union([messageId, z.literal('')]).optional() });

/** chat/send. */
export const chatSendBody = z.object({ toUserId: contactId, content: chatContent }).strict();
export type ChatSendBody = z.infer<typeof chatSendBody>;

/** chat/read: the contact's messages to the caller become read, all of them or up to `messageId` (one message, §4). */
export const chatReadBody = z.object({ contactId, messageId: messageId.optional() }).strict();
export type ChatReadBody = z.infer<typeof chatReadBody>;

/** chat/search: the caller's messages containing `keyword`, newest first; one conversation with `contactId`. */
export const chatSearchQuery = pageQuery.extend({
  keyword: z.string({ message: CHAT_MSG.keywordRequired }).trim().min(1, CHAT_MSG.keywordRequired).max(CHAT_SEARCH_MAX, CHAT_MSG.keywordTooLong),
  contactId: optionalContact,
});

// ---------------------------------------------------------------------------------------------
// Answers

/** One line of through-train/status: whether it applies to the caller, and the caller's unread messages on it. */
export const chatLineStatus = z.object({ type: lineField, name: z.string(), path: z.string(), applies: z.boolean(), unread: z.number() });
export const chatStatus = z.object({ lines: z.array(chatLineStatus), unread: z.number() });
export type ChatLineStatus = z.infer<typeof chatLineStatus>;
export type ChatStatusView = z.infer<typeof chatStatus>;

/**
 * One entry of a line's list. Staff lines: `id` and `userId` are the account. 企业直通车: `id` is the member
 * enterprise, `name` its contact, `phone` masked, `userId` the contact's account (null: no chat).
 */
export const throughTrainRecord = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  name: z.string(),
  deptId: z.string().nullable(),
  deptName: z.string().nullable(),
  enterpriseName: z.string().nullable(),
  phone: z.string().nullable(),
  unread: z.number(),
  lastTime: z.string().nullable(),
});
export type ThroughTrainView = z.infer<typeof throughTrainRecord>;

/** One conversation of contact/list (and contact/add's answer): the contact, the last message, the caller's unread. */
export const chatContactRecord = z.object({
  id: z.string(),
  /** The owner: the caller. */
  userId: z.string(),
  recipientId: z.string(),
  type: lineField,
  name: z.string(),
  deptName: z.string().nullable(),
  lastContent: z.string().nullable(),
  lastFromMe: z.boolean().nullable(),
  lastTime: z.string().nullable(),
  unread: z.number(),
});
export type ChatContactView = z.infer<typeof chatContactRecord>;

/** One message, as the caller sees it (`fromMe`; `isRead` is the recipient's read flag). */
export const chatMessageRecord = z.object({
  id: z.string(),
  fromUserId: z.string(),
  toUserId: z.string(),
  fromMe: z.boolean(),
  content: z.string(),
  createTime: z.string().nullable(),
  isRead: z.number(),
  readTime: z.string().nullable(),
});
export type ChatMessageView = z.infer<typeof chatMessageRecord>;

/** A chat/search hit: the message and the other participant. */
export const chatSearchRecord = chatMessageRecord.extend({ contactId: z.string(), contactName: z.string(), deptName: z.string().nullable() });
export type ChatSearchView = z.infer<typeof chatSearchRecord>;

/** chat/read's answer: the caller's unread left with the contact, and in all. */
export const chatReadAnswer = z.object({ contactId: z.string(), unread: z.number(), total: z.number(), read: z.number() });
export type ChatReadAnswer = z.infer<typeof chatReadAnswer>;

// ---------------------------------------------------------------------------------------------
// Live events (data)

/** The caller's unread messages per line, as the events carry them. */
export type ChatLineCounts = Record<ChatLine, number>;

/**
 * chat.message. To the recipient: who wrote (`contactId`), on which of the recipient's lines, and the
 * recipient's unread counts after it (`unread` with that contact, `total`, `lines`). To the sender's own
 * tabs: `mine` true and no counts (the sender's unread did not change).
 */
export interface ChatMessageEvent {
  contactId: string;
  messageId: string;
  type: ChatLine;
  mine: boolean;
  unread?: number;
  total?: number;
  lines?: ChatLineCounts;
}

/**
 * chat.read. To the reader's tabs (`byMe` true): the contact whose messages were read, and the reader's
 * counts after it. To the other participant (`byMe` false): `contactId` is the reader, and their messages to
 * the reader up to `upTo` are read now.
 */
export interface ChatReadEvent {
  contactId: string;
  upTo: string;
  byMe: boolean;
  unread?: number;
  total?: number;
  lines?: ChatLineCounts;
}
