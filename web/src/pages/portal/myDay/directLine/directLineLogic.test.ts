import { describe, expect, it } from 'vitest';
import { CHAT_MSG, type ChatMessageView, type ChatStatusView } from '@gsl/contract';
import {
  arrivalText,
  bellTarget,
  chatBellLabel,
  contentProblem,
  emptyLineText,
  keyAction,
  lineOfPath,
  newestUnread,
  readingOrder,
  statusWithCounts,
  unreadLabel,
} from './directLineLogic';

const msg = (id: string, fromMe: boolean, isRead = 0): ChatMessageView => ({
  id,
  fromUserId: fromMe ? '1' : '2',
  toUserId: fromMe ? '2' : '1',
  fromMe,
  content: `消息${id}`,
  createTime: '2026-01-01 09:00:00',
  isRead,
  readTime: null,
});
const page = (records: ChatMessageView[]) => ({ records, total: 99, size: 20, current: 1, pages: 5 });

const status = (
  unread: Partial<Record<'inside' | 'fic' | 'coc' | 'mem', number>>,
  applies = { inside: true, fic: true, coc: false, mem: false },
): ChatStatusView => {
  const lines = (['inside', 'fic', 'coc', 'mem'] as const).map((type) => ({
    type,
    name: type,
    path: `/portal/myDay/${type}`,
    applies: applies[type],
    unread: unread[type] ?? 0,
  }));
  return { lines, unread: lines.reduce((a, l) => a + l.unread, 0) };
};

describe('the history in reading order', () => {
  it('puts the newest page last, oldest message first, each once, numerically by id', () => {
    const newest = page([msg('100', true), msg('99', false)]);
    const older = page([msg('99', false), msg('9', false), msg('8', true)]);
    expect(readingOrder([newest, older]).map((m) => m.id)).toEqual(['8', '9', '99', '100']);
    expect(readingOrder(undefined)).toEqual([]);
  });

  it("reads up to the newest of the contact's unread messages, never one's own", () => {
    expect(newestUnread([msg('1', false), msg('2', false), msg('3', true)])).toBe('2');
    expect(newestUnread([msg('1', false, 1), msg('3', true)])).toBeNull();
  });
});

describe('the message box', () => {
  it('sends on Enter, types a new line on Shift+Enter and while an input method composes', () => {
    expect(keyAction({ key: 'Enter', shiftKey: false })).toBe('send');
    expect(keyAction({ key: 'Enter', shiftKey: true })).toBe('type');
    expect(keyAction({ key: 'Enter', shiftKey: false, isComposing: true })).toBe('type');
    expect(keyAction({ key: 'a', shiftKey: false })).toBe('type');
  });

  it("says what is wrong with the contract's own messages", () => {
    expect(contentProblem('   ')).toBe(CHAT_MSG.contentRequired);
    expect(contentProblem('长'.repeat(2001))).toBe(CHAT_MSG.contentTooLong);
    expect(contentProblem(' 你好 ')).toBeNull();
  });
});

describe('counts from the live events', () => {
  it("replaces the counts with the event's (the server's), and an event without counts changes nothing", () => {
    const before = status({ inside: 3 });
    const after = statusWithCounts(before, { total: 1, lines: { inside: 0, fic: 0, coc: 0, mem: 1 } })!;
    expect(after.unread).toBe(1);
    expect(after.lines.map((l) => [l.type, l.unread, l.applies])).toEqual([
      ['inside', 0, true],
      ['fic', 0, true],
      ['coc', 0, false],
      ['mem', 1, true],
    ]);
    expect(statusWithCounts(before, {})).toBe(before);
    expect(statusWithCounts(undefined, { total: 1, lines: { inside: 1, fic: 0, coc: 0, mem: 0 } })).toBeUndefined();
  });
});

describe('the header badge', () => {
  it('names the unread count and leads to the line that has unread messages, else the first that applies', () => {
    expect(chatBellLabel(0)).toBe('直通车消息');
    expect(chatBellLabel(5)).toBe('直通车消息,5条未读');
    expect(bellTarget(status({ fic: 2 }))).toBe('/portal/myDay/fic');
    expect(bellTarget(status({}, { inside: false, fic: true, coc: false, mem: false }))).toBe('/portal/myDay/fic');
    expect(bellTarget(undefined)).toBe('/portal/myDay/connectInside');
  });
});

describe('texts', () => {
  it('announces an arrival with the name when known, and shortens long messages', () => {
    expect(arrivalText('陈思远')).toBe('收到陈思远的新消息');
    expect(arrivalText(undefined)).toBe('收到联系人的新消息');
    expect(arrivalText('周立新', '好'.repeat(50))).toBe(`收到周立新的新消息:${'好'.repeat(40)}…`);
    expect(unreadLabel(2)).toBe('2条未读');
    expect(unreadLabel(0)).toBe('');
  });

  it('says why a list is empty, and finds a line by its screen path', () => {
    expect(emptyLineText('coc', false)).toBe('暂无所属商会、协会的工作人员');
    expect(emptyLineText('coc', true)).toBe('没有符合条件的联系人');
    expect(lineOfPath('/portal/myDay/connectMem')).toBe('mem');
    expect(lineOfPath('/portal/myDay/bigmsg')).toBeNull();
  });
});
