/**
 * 我的消息's rules beyond configuration (specification §2 "/portal/myDay › bigmsg", §4 "Message records
 * have a read flag"): the read filter → the list's query, and the unread count after a live event.
 */

export type ReadFilter = 'all' | 'unread' | 'read';

export const READ_FILTERS: ReadonlyArray<{ value: ReadFilter; label: string }> = [
  { value: 'all', label: '全部' },
  { value: 'unread', label: '未读' },
  { value: 'read', label: '已读' },
];

/** The read filter as sampleList's isRead (absent for 全部). */
export const inboxQuery = (filter: ReadFilter): { isRead?: 0 | 1 } => (filter === 'unread' ? { isRead: 0 } : filter === 'read' ? { isRead: 1 } : {});

/** The live events of the receiving side (server: modules/message publishes them). */
export interface MsgReceived {
  id: string;
  sendId: string;
  title: string | null;
}
export interface MsgRead {
  unread: number;
}
export type InboxEvent = { type: 'msg.received'; data: MsgReceived } | { type: 'msg.read'; data: MsgRead };

/**
 * The badge's count after an event, before the server is asked again: a message received is one more,
 * a read (on any device) says the new count itself. An unknown count stays unknown.
 */
export function unreadAfter(current: number | undefined, event: InboxEvent): number | undefined {
  if (event.type === 'msg.read') return Math.max(0, Number(event.data?.unread) || 0);
  return current === undefined ? undefined : current + 1;
}

/** The badge's accessible name: 消息 and how many are unread. */
export const bellLabel = (unread: number | undefined) => (unread ? `消息,${unread}条未读` : '消息');
