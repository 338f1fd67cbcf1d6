import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import {
  EMPTY_SELECTION,
  followUps,
  groupState,
  pickChamber,
  publicIdOf,
  rangeBody,
  sendBody,
  sentQuery,
  smsCounter,
  smsPreview,
  tagsFor,
  toggleGroup,
  toggleTag,
  type RangeSelection,
} from './centerLogic';

describe('the range picked → the request range', () => {
  it('sends one item per ticked tag, without org or chamber when none was picked (the sender’s org, every chamber)', () => {
    const s = toggleTag(toggleTag(EMPTY_SELECTION, 'coc', true), 'aoc', true);
    expect(rangeBody(s, 'sys')).toEqual({ items: [{ tagType: 'aoc' }, { tagType: 'coc' }], userIds: [] });
  });

  it('names the org below which to look on every item, and the chamber on its own tag only', () => {
    let s: RangeSelection = { deptId: '1201', tags: {} };
    s = toggleTag(toggleTag(s, 'aoc', true), 'cocAj', true);
    s = pickChamber(s, 'cocAj', '3301');
    expect(rangeBody(s, 'sys').items).toEqual([
      { tagType: 'aoc', deptId: '1201' },
      { tagType: 'cocAj', deptId: '1201', cocUnionId: '3301' },
    ]);
    // back to every chamber
    expect(rangeBody(pickChamber(s, 'cocAj', undefined), 'sys').items[1]).toEqual({ tagType: 'cocAj', deptId: '1201' });
  });

  it('leaves out member tags on a notice or an e-mail: they reach people by SMS only', () => {
    const s = toggleTag(toggleTag(EMPTY_SELECTION, 'memE', true), 'coc', true);
    expect(rangeBody(s, 'sys').items.map((i) => i.tagType)).toEqual(['coc']);
    expect(rangeBody(s, 'email').items.map((i) => i.tagType)).toEqual(['coc']);
    expect(rangeBody(s, 'sms').items.map((i) => i.tagType)).toEqual(['coc', 'memE']);
    expect(tagsFor('sys')).not.toContain('memE');
    expect(tagsFor('sms')).toHaveLength(10);
  });

  it('unticking a tag forgets its chamber; a group ticks only the tags the channel can reach', () => {
    const s = pickChamber(toggleTag(EMPTY_SELECTION, 'coc', true), 'coc', '3301');
    expect(toggleTag(toggleTag(s, 'coc', false), 'coc', true).tags.coc).toEqual({});

    const members = ['ec', 'congress', 'memG', 'memE', 'memP'] as const;
    expect(toggleGroup(EMPTY_SELECTION, members, 'sys', true).tags).toEqual({});
    expect(groupState(EMPTY_SELECTION, members, 'sys')).toEqual({ checked: false, indeterminate: false, usable: 0 });
    const some = toggleTag(EMPTY_SELECTION, 'memE', true);
    expect(groupState(some, members, 'sms')).toMatchObject({ checked: false, indeterminate: true });
    expect(groupState(toggleGroup(some, members, 'sms', true), members, 'sms')).toMatchObject({ checked: true, indeterminate: false });
    expect(Object.keys(toggleGroup(toggleGroup(some, members, 'sms', true), members, 'sms', false).tags)).toEqual([]);
  });
});

describe('the SMS counter', () => {
  it('counts the signature 【…】 with the text, one message up to 70, then 67 per part', () => {
    expect(smsCounter('', '南京工商联')).toEqual({ length: 7, segments: 0, text: '字数 7(含签名【南京工商联】),计费 0 条' });
    expect(smsCounter('a'.repeat(63), '南京工商联')).toMatchObject({ length: 70, segments: 1 });
    expect(smsCounter('a'.repeat(64), '南京工商联')).toMatchObject({ length: 71, segments: 2 });
    expect(smsCounter('请于本周内完成年报填报。', null).text).toBe('字数 12,计费 1 条');
    expect(smsPreview(' 请查收 ', '南京工商联')).toBe('【南京工商联】请查收');
  });
});

describe('the compose form → the send body', () => {
  const range = { items: [{ tagType: 'coc' as const }], userIds: [] };
  it('sends an SMS without title or attachments, urgent only when ticked', () => {
    expect(
      sendBody({ channel: 'sms', title: '留下的标题', content: ' 请查收 ', urgent: true, attachments: [{ publicId: 'a'.repeat(32), name: 'x' }] }, range),
    ).toEqual({
      content: '请查收',
      range,
      urgent: true,
    });
    expect(sendBody({ channel: 'sms', content: '请查收', urgent: false }, range)).toEqual({ content: '请查收', range });
  });

  it('sends a notice or an e-mail with its title and its attachments’ public ids, never urgent', () => {
    const id = '3f2a9c1e8b7d4a6f9e0c1b2a3d4e5f60';
    expect(
      sendBody({ channel: 'email', title: ' 年报提醒 ', content: '<p>请查收</p>', urgent: true, attachments: [{ publicId: id, name: '通知.pdf' }] }, range),
    ).toEqual({
      title: '年报提醒',
      content: '<p>请查收</p>',
      range,
      attachIds: [id],
    });
    expect(publicIdOf(`/api/blade-resource/attach/download?id=${id}`)).toBe(id);
    expect(publicIdOf('/api/blade-resource/attach/download?id=42')).toBeUndefined();
  });
});

describe('the sent list and the follow-up', () => {
  it('sends the filled filters only, the dates as yyyy-MM-dd', () => {
    expect(sentQuery({ channel: '', status: undefined, title: '  ' })).toEqual({});
    expect(sentQuery({ channel: 'sms', status: 'failed', title: ' 年报 ', dates: [dayjs('2026-03-01 10:00'), dayjs('2026-03-31')] })).toEqual({
      channel: 'sms',
      status: 'failed',
      title: '年报',
      startDate: '2026-03-01',
      endDate: '2026-03-31',
    });
  });

  it('offers 提醒未读 on a notice with unread recipients, by the channels the user may send on', () => {
    const can = (codes: string[]) => (c: string) => codes.includes(c);
    const notice = { channel: 'sys', total: 12, read: 9, failed: 0 };
    expect(followUps(notice, can(['message_notice', 'message_sms']))).toEqual({ remind: ['sys', 'sms'], unread: 3, resend: false });
    expect(followUps(notice, can(['message_notice'])).remind).toEqual(['sys']);
    expect(followUps({ ...notice, read: 12 }, can(['message_notice'])).remind).toEqual([]);
  });

  it('offers 失败重发 on an SMS or e-mail with failures, to a user who may send on that channel', () => {
    const can = (codes: string[]) => (c: string) => codes.includes(c);
    expect(followUps({ channel: 'sms', total: 5, read: 0, failed: 2 }, can(['message_sms'])).resend).toBe(true);
    expect(followUps({ channel: 'sms', total: 5, read: 0, failed: 2 }, can(['message_email'])).resend).toBe(false);
    expect(followUps({ channel: 'email', total: 5, read: 0, failed: 0 }, can(['message_email'])).resend).toBe(false);
    expect(followUps({ channel: 'email', total: 5, read: 0, failed: 1 }, can(['message_email']))).toEqual({ remind: [], unread: 0, resend: true });
  });
});
