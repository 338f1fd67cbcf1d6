import { describe, expect, it } from 'vitest';
import { dayOf, dayTitle, greeting, pendingSummary, SHORTCUTS } from './myDayLogic';

const at = (h: number) => new Date(2026, 10, 25, h, 30);

describe('我的一天 logic', () => {
  it('greets by the hour', () => {
    expect([3, 7, 10, 12, 15, 20].map((h) => greeting(at(h)))).toEqual(['晚上好', '早上好', '上午好', '中午好', '下午好', '晚上好']);
  });

  it('names the day as the notepad stores it and as the page shows it', () => {
    expect(dayOf(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    expect(dayTitle(new Date(2026, 10, 25))).toBe('2026年11月25日 星期三');
  });

  it('sums the to-dos, and an empty day says so', () => {
    const item = (key: string, count: number) => ({ key, title: key, count, path: '/portal/myDay', latestTime: null });
    expect(pendingSummary([item('msg.unread', 3), item('profile.annual-review', 2)])).toEqual({ total: 5, text: '您有 5 项待办' });
    expect(pendingSummary([])).toEqual({ total: 0, text: '今日暂无待办' });
    expect(pendingSummary(undefined).text).toBe('今日暂无待办');
  });

  it('offers the four direct lines, 记事本 and 消息', () => {
    expect(SHORTCUTS.map((s) => s.path)).toEqual([
      '/portal/myDay/connectInside',
      '/portal/myDay/connectFIC',
      '/portal/myDay/connectCOC',
      '/portal/myDay/connectMem',
      '/portal/myDay/notepadList',
      '/portal/myDay/bigmsg',
    ]);
  });
});
