import type { SourceBody, SourceView } from '../../../api/message/message';

/**
 * 短信签名与额度's rules beyond configuration: today's use as the bar shows it, and the settings form's
 * values from and to the server's answer.
 */

/** Today's use of the quota: the share used, a warning from 80 %, an exception once nothing is left. */
export function quotaUse(source: Pick<SourceView, 'dailyQuota' | 'usedToday' | 'remainingToday'>): {
  percent: number;
  status: 'normal' | 'active' | 'exception' | 'success';
  text: string;
} {
  const { dailyQuota, usedToday, remainingToday } = source;
  const percent = dailyQuota > 0 ? Math.min(100, Math.round((usedToday / dailyQuota) * 1000) / 10) : 100;
  const status = remainingToday <= 0 ? 'exception' : percent >= 80 ? 'active' : 'normal';
  return { percent, status, text: `${usedToday}/${dailyQuota} 条${remainingToday <= 0 ? '(已用完)' : ''}` };
}

export interface SourceFormValues {
  signName?: string;
  dailyQuota?: number | null;
  quietStart?: string;
  quietEnd?: string;
}

export const sourceFormValues = (s: SourceView): SourceFormValues => ({
  signName: s.signName ?? '',
  dailyQuota: s.dailyQuota,
  quietStart: s.quietStart ?? '',
  quietEnd: s.quietEnd ?? '',
});

export const QUIET_PAIR_MSG = '请同时填写免打扰开始和结束时间,或都留空';

/** Quiet hours are a window: both ends or neither (both empty = no quiet hours). */
export const quietPairProblem = (start?: string, end?: string): string | null => (Boolean(start?.trim()) !== Boolean(end?.trim()) ? QUIET_PAIR_MSG : null);

/** The form → sms-center/source/submit, the texts trimmed. */
export function sourceBody(deptId: string, v: SourceFormValues): SourceBody {
  return {
    deptId,
    signName: (v.signName ?? '').trim(),
    dailyQuota: Number(v.dailyQuota ?? 0),
    quietStart: (v.quietStart ?? '').trim(),
    quietEnd: (v.quietEnd ?? '').trim(),
  };
}
