import { WX_CHECK_STATUS_NAMES, type WxBoundEvent, type WxCheckStatus, type WxCheckView } from '@gsl/contract';

/**
 * How often the page asks check/{id} while an attempt waits: the fallback for a tab whose live-event
 * stream is down (the 'wx.bound' event normally brings the news at once).
 */
export const CHECK_POLL_MS = 4000;

/** What the page says about an attempt, and how (the Alert's type). */
export interface AttemptNotice {
  type: 'info' | 'success' | 'warning' | 'error';
  title: string;
  text: string;
}

/** The attempt's state as the page shows it: 等待扫码 / 已绑定 / 已过期 / the failure reason. */
export function attemptNotice(check: Pick<WxCheckView, 'status' | 'message' | 'nickname'> | undefined): AttemptNotice {
  const status: WxCheckStatus = check?.status ?? 'waiting';
  switch (status) {
    case 'bound':
      return { type: 'success', title: WX_CHECK_STATUS_NAMES.bound, text: check?.nickname ? `已绑定微信账号“${check.nickname}”。` : '微信账号已绑定。' };
    case 'expired':
      return { type: 'warning', title: WX_CHECK_STATUS_NAMES.expired, text: '二维码已过期,请重新获取。' };
    case 'failed':
      return { type: 'error', title: WX_CHECK_STATUS_NAMES.failed, text: check?.message || '绑定未成功,请重新获取二维码后再试。' };
    default:
      return {
        type: 'info',
        title: WX_CHECK_STATUS_NAMES.waiting,
        text: '请用微信扫描二维码,或点击“打开微信扫码页面”,在打开的页面中用手机微信扫码并确认。',
      };
  }
}

/** Whether the page keeps asking check/{id}: only while the attempt waits. */
export const keepChecking = (check: Pick<WxCheckView, 'status'> | undefined) => !check || check.status === 'waiting';

/** Whether a 'wx.bound' event is about this attempt. */
export const isAboutAttempt = (event: unknown, attemptId: string | undefined): boolean =>
  Boolean(attemptId) && typeof event === 'object' && event !== null && String((event as Partial<WxBoundEvent>).id) === attemptId;
