import { describe, expect, it } from 'vitest';
import { bellLabel, inboxQuery, unreadAfter } from './inboxLogic';

describe('我的消息', () => {
  it('asks for the unread, the read or every message', () => {
    expect(inboxQuery('all')).toEqual({});
    expect(inboxQuery('unread')).toEqual({ isRead: 0 });
    expect(inboxQuery('read')).toEqual({ isRead: 1 });
  });

  it('counts a received message at once, and takes a read’s count as it comes (reading on another device)', () => {
    expect(unreadAfter(2, { type: 'msg.received', data: { id: '9', sendId: '3', title: '通知' } })).toBe(3);
    expect(unreadAfter(undefined, { type: 'msg.received', data: { id: '9', sendId: '3', title: '通知' } })).toBeUndefined();
    expect(unreadAfter(5, { type: 'msg.read', data: { unread: 0 } })).toBe(0);
    expect(unreadAfter(undefined, { type: 'msg.read', data: { unread: 4 } })).toBe(4);
    expect(unreadAfter(5, { type: 'msg.read', data: { unread: -1 } })).toBe(0);
  });

  it('names the bell with the unread count', () => {
    expect(bellLabel(0)).toBe('消息');
    expect(bellLabel(undefined)).toBe('消息');
    expect(bellLabel(3)).toBe('消息,3条未读');
  });
});
