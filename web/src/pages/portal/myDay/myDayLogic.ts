import type { PendingView } from '@gsl/contract';

/**
 * 我的一天's rules beyond layout (specification §2 /portal/myDay index): the greeting by the hour, the
 * day as the page names it, the to-do summary and the shortcuts.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** The local day as the notepad's reminder date: yyyy-MM-dd. */
export const dayOf = (d: Date): string => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

const WEEKDAYS = ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'];

/** 2026年11月25日 星期三 */
export const dayTitle = (d: Date): string => `${d.getFullYear()}年${d.getMonth() + 1}月${d.getDate()}日 ${WEEKDAYS[d.getDay()]}`;

/** 早上好 before 9, 上午好 to noon, 中午好 to 14:00, 下午好 to 18:00, then 晚上好 (and before 5 in the morning). */
export function greeting(d: Date): string {
  const h = d.getHours();
  if (h < 5) return '晚上好';
  if (h < 9) return '早上好';
  if (h < 12) return '上午好';
  if (h < 14) return '中午好';
  if (h < 18) return '下午好';
  return '晚上好';
}

/** How many things wait in all, and the line under the greeting. */
export function pendingSummary(items: PendingView[] | undefined): { total: number; text: string } {
  const total = (items ?? []).reduce((n, i) => n + i.count, 0);
  return { total, text: total ? `您有 ${total} 项待办` : '今日暂无待办' };
}

/** The shortcuts of My day: the four direct lines (specification §2 /portal/myDay children), 记事本 and 消息. */
export const SHORTCUTS = [
  { path: '/portal/myDay/connectInside', title: '内部直通车', icon: 'team' },
  { path: '/portal/myDay/connectFIC', title: '工商联直通车', icon: 'bank' },
  { path: '/portal/myDay/connectCOC', title: '商会直通车', icon: 'apartment' },
  { path: '/portal/myDay/connectMem', title: '企业直通车', icon: 'shop' },
  { path: '/portal/myDay/notepadList', title: '记事本', icon: 'edit' },
  { path: '/portal/myDay/bigmsg', title: '消息', icon: 'mail' },
] as const;
