import { useQuery } from '@tanstack/react-query';
import type { Envelope, WxCheckView, WxQrCodeView, WxStatusView } from '@gsl/contract';
import { get, request } from '../http';

/**
 * 绑定微信 (specification §7 "Users" Weixin binding; server/src/modules/user/wx), on the caller's own account:
 *   GET /api/blade-user/user-wx/status       → configured, bound, nickname, openid (masked), bindTime
 *   GET /api/blade-user/user-wx/qr-code      → { id, url (WeChat's QR sign-on page), expireTime } — a binding attempt
 *   GET /api/blade-user/user-wx/check/{id}   → the attempt: waiting | bound | expired | failed (message)
 *   GET /api/blade-user/user-wx/unbind       → 解除绑定成功 (GET as the specification spells it; the page confirms first)
 * The live event 'wx.bound' ({ id, status }) tells the page an attempt ended; 'wx.unbound' that the binding went.
 */
const WX = '/api/blade-user/user-wx';

export const weixinKeys = {
  status: ['mycenter', 'weixin', 'status'] as const,
  check: (id: string) => ['mycenter', 'weixin', 'check', id] as const,
};

export type { WxCheckView, WxQrCodeView, WxStatusView };

export const weixinStatus = (signal?: AbortSignal) => get<WxStatusView>(`${WX}/status`, undefined, { signal });

export const useWeixinStatus = () => useQuery({ queryKey: weixinKeys.status, queryFn: ({ signal }) => weixinStatus(signal) });

/** Starts a binding attempt (a QR code valid for five minutes, used once). */
export const weixinQrCode = () => get<WxQrCodeView>(`${WX}/qr-code`);

export const weixinCheck = (id: string, signal?: AbortSignal) => get<WxCheckView>(`${WX}/check/${encodeURIComponent(id)}`, undefined, { signal });

/** Removes the caller's binding; answers the server's message. */
export async function weixinUnbind(): Promise<string> {
  const envelope = await request<Envelope<null>>(`${WX}/unbind`, { method: 'GET' });
  return envelope?.msg ?? '';
}
