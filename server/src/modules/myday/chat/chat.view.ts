import type { ChatContactView, ChatLine, ChatMessageView, ChatSearchView, ThroughTrainView } from '@gsl/contract';
import { formatTime } from '../../../platform/http/time.js';

export interface MessageRow {
  id: string;
  fromUserId: string;
  toUserId: string;
  content: string;
  createTime: Date;
  readTime: Date | string | null;
}

/** A message as the caller sees it: `fromMe` tells their own from the contact's. */
export function messageView(r: MessageRow, me: string, timeZone: string): ChatMessageView {
  return {
    id: String(r.id),
    fromUserId: String(r.fromUserId),
    toUserId: String(r.toUserId),
    fromMe: String(r.fromUserId) === me,
    content: r.content,
    createTime: formatTime(r.createTime, timeZone),
    isRead: r.readTime ? 1 : 0,
    readTime: formatTime(r.readTime, timeZone),
  };
}

export function searchView(r: MessageRow & { contactId: string; contactName: string; deptName: string | null }, me: string, timeZone: string): ChatSearchView {
  return { ...messageView(r, me, timeZone), contactId: String(r.contactId), contactName: r.contactName, deptName: r.deptName ?? null };
}

export interface ContactRow {
  id: string;
  userId: string;
  recipientId: string;
  type: ChatLine;
  name: string;
  deptName: string | null;
  lastContent: string | null;
  lastFromUserId: string | null;
  lastTime: Date | null;
  unread: string | number | null;
}

export function contactView(r: ContactRow, timeZone: string): ChatContactView {
  return {
    id: String(r.id),
    userId: String(r.userId),
    recipientId: String(r.recipientId),
    type: r.type,
    name: r.name,
    deptName: r.deptName ?? null,
    lastContent: r.lastContent ?? null,
    lastFromMe: r.lastFromUserId == null ? null : String(r.lastFromUserId) === String(r.userId),
    lastTime: formatTime(r.lastTime, timeZone),
    unread: Number(r.unread ?? 0),
  };
}

/** A staff line's entry: the account is both the row and the person to chat with. */
export function staffView(
  r: { id: string; name: string; deptId: string; deptName: string | null; unread: string | number; lastTime: Date | null },
  timeZone: string,
): ThroughTrainView {
  return {
    id: String(r.id),
    userId: String(r.id),
    name: r.name,
    deptId: String(r.deptId),
    deptName: r.deptName ?? null,
    enterpriseName: null,
    phone: null,
    unread: Number(r.unread),
    lastTime: formatTime(r.lastTime, timeZone),
  };
}
