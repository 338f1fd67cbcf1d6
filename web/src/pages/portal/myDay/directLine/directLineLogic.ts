/**
 * 直通车's rules beyond configuration (specification §2 /portal/myDay connect*, §7 "My day" chat, §4 "A
 * single notification or chat can be marked read"): the history in reading order, which message to mark
 * read, Enter and Shift+Enter, the message check, the counts from a live event, the header badge's name
 * and target, and what the live region says.
 */
import {
  CHAT_LINE_DEFS,
  CHAT_LINES,
  chatContent,
  type ChatLine,
  type ChatLineCounts,
  type ChatMessageView,
  type ChatStatusView,
  type PageResult,
} from '@gsl/contract';

/**
 * The history pages (newest page first, each newest first, as chat/record answers) in reading order: oldest
 * first, each message once (a page fetched again after new messages may repeat some).
 */
export function readingOrder(pages: ReadonlyArray<PageResult<ChatMessageView>> | undefined): ChatMessageView[] {
  const byId = new Map<string, ChatMessageView>();
  for (const page of pages ?? []) for (const m of page.records) if (!byId.has(m.id)) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : BigInt(a.id) > BigInt(b.id) ? 1 : 0));
}

/** The newest message from the contact that is still unread: reading up to it reads everything shown. */
export function newestUnread(messages: readonly ChatMessageView[]): string | null {
  for (let i = messages.length - 1; i >= 0; i--) if (!messages[i].fromMe && !messages[i].isRead) return messages[i].id;
  return null;
}

/** What a key pressed in the message box does: Enter sends, Shift+Enter (and Enter while composing) types. */
export function keyAction(e: { key: string; shiftKey: boolean; isComposing?: boolean; ctrlKey?: boolean; metaKey?: boolean }): 'send' | 'type' {
  if (e.key !== 'Enter' || e.shiftKey || e.isComposing) return 'type';
  return 'send';
}

/** The message box's problem (the contract's rule and Chinese message), or null when it can be sent. */
export function contentProblem(text: string): string | null {
  const r = chatContent.safeParse(text);
  return r.success ? null : (r.error.issues[0]?.message ?? null);
}

/** Counts a live event carries (computed by the server), or nothing to change. */
export interface CountsEvent {
  total?: number;
  lines?: ChatLineCounts;
}

/**
 * The status after a live event: the event's counts replace the held ones (they are the server's, computed
 * when the change committed, never added up here). An event without counts changes nothing.
 */
export function statusWithCounts(status: ChatStatusView | undefined, event: CountsEvent): ChatStatusView | undefined {
  if (!status || event.total === undefined || !event.lines) return status;
  const lines = event.lines;
  return {
    unread: event.total,
    lines: status.lines.map((l) => ({ ...l, unread: lines[l.type] ?? 0, applies: l.applies || (lines[l.type] ?? 0) > 0 })),
  };
}

/** The header badge's accessible name. */
export const chatBellLabel = (unread: number | undefined) => (unread ? `直通车消息,${unread}条未读` : '直通车消息');

/** Where the header badge leads: the first line with unread messages, else the first line that applies. */
export function bellTarget(status: ChatStatusView | undefined): string {
  const lines = status?.lines ?? [];
  const line = lines.find((l) => l.unread > 0) ?? lines.find((l) => l.applies);
  return line?.path ?? CHAT_LINE_DEFS.inside.path;
}

/** An unread badge's accessible text. */
export const unreadLabel = (n: number) => (n > 0 ? `${n}条未读` : '');

/** What the live region announces when a message arrives. */
export function arrivalText(name: string | null | undefined, content?: string): string {
  const who = name || '联系人';
  if (!content) return `收到${who}的新消息`;
  const short = content.length > 40 ? `${content.slice(0, 40)}…` : content;
  return `收到${who}的新消息:${short}`;
}

/** A line's list segment of the menu path (connectInside → inside), for the screens and links. */
export function lineOfPath(path: string): ChatLine | null {
  return CHAT_LINES.find((l) => CHAT_LINE_DEFS[l].path === path) ?? null;
}

/** The empty list's text: nobody to reach on this line, or nobody matching the search. */
export const emptyLineText = (line: ChatLine, searching: boolean) => (searching ? '没有符合条件的联系人' : `暂无${CHAT_LINE_DEFS[line].note}`);
