import { z } from 'zod';
import { idOf } from '../envelope.js';

/**
 * 绑定微信 (specification §2 /portal/myCenter/boundWeixin, §7 "Users" blade-user/user-wx status, unbind,
 * qr-code, check/{id}) and WeChat sign-on (§7 "Auth": grant type social, loginBySocial), through the
 * WeChat open platform's website sign-on (网站应用微信登录).
 */

export const WX_MSG = {
  notConfigured: '微信登录未配置',
  alreadyBound: '当前账号已绑定微信,如需更换请先解除绑定',
  notBound: '当前账号未绑定微信',
  takenByOther: '该微信已绑定其他账号,请先在原账号中解除绑定',
  unboundAccount: '该微信未绑定账号',
  stateMissing: '二维码无效,请在绑定页面重新获取',
  stateExpired: '二维码已过期,请重新获取',
  stateUsed: '二维码已使用,请重新获取',
  loginStateInvalid: '微信登录已失效,请重新扫码登录',
  cancelled: '您已取消微信授权',
  accountGone: '账号不存在或已停用',
  bindOk: '绑定成功',
  unbindOk: '解除绑定成功',
  sourceUnknown: '不支持的第三方登录方式',
  codeRequired: '缺少微信授权码',
  checkIdFormat: '绑定编号格式不正确',
  /** WeChat's own refusals (answered as { errcode, errmsg } with HTTP 200), and the transport's. */
  codeInvalid: '微信授权码无效,请重新扫码',
  codeUsed: '微信授权码已被使用,请重新扫码',
  codeExpired: '微信授权码已过期,请重新扫码',
  appIdInvalid: '微信登录配置有误: AppID 无效,请联系管理员',
  secretInvalid: '微信登录配置有误: AppSecret 无效,请联系管理员',
  notAuthorised: '微信登录配置有误: 该应用未获得网站应用微信登录权限,请联系管理员',
  busy: '微信服务繁忙,请稍后再试',
  quota: '微信接口调用过于频繁,请稍后再试',
  unreachable: '无法连接微信服务,请稍后再试',
  badAnswer: '微信服务的应答无法识别,请稍后再试',
  other: (errcode: number, errmsg: string) => `微信服务拒绝了请求: ${errmsg || '未说明原因'} (${errcode})`,
} as const;

/** How long a binding or sign-on QR code (its state) stays usable. */
export const WX_STATE_TTL_SECONDS = 300;

/** A binding attempt, as check/{id} reports it. */
export const WX_CHECK_STATUS = ['waiting', 'bound', 'expired', 'failed'] as const;
export type WxCheckStatus = (typeof WX_CHECK_STATUS)[number];
export const WX_CHECK_STATUS_NAMES: Record<WxCheckStatus, string> = { waiting: '等待扫码', bound: '已绑定', expired: '已过期', failed: '绑定失败' };

/** status: whether WeChat sign-on is configured and the caller's binding (the openid only masked). */
export const wxStatusRecord = z.object({
  configured: z.boolean(),
  bound: z.boolean(),
  nickname: z.string().nullable(),
  /** The openid masked (first and last four characters), to tell two WeChat accounts apart. */
  openid: z.string().nullable(),
  bindTime: z.string().nullable(),
});
export type WxStatusView = z.infer<typeof wxStatusRecord>;

/** qr-code: a binding attempt and the WeChat address the page shows as a QR code and as a link. */
export const wxQrCodeRecord = z.object({ id: z.string(), url: z.string(), expireTime: z.string() });
export type WxQrCodeView = z.infer<typeof wxQrCodeRecord>;

/** check/{id}: where the caller's binding attempt stands. */
export const wxCheckRecord = z.object({
  id: z.string(),
  status: z.enum(WX_CHECK_STATUS),
  statusName: z.string(),
  /** Why it failed (failed only). */
  message: z.string().nullable(),
  nickname: z.string().nullable(),
  expireTime: z.string(),
});
export type WxCheckView = z.infer<typeof wxCheckRecord>;

export const wxCheckParams = z.object({ id: idOf(WX_MSG.checkIdFormat, { required: WX_MSG.checkIdFormat }) }).strict();

/** The live event to the user when a binding attempt ends (module guide §8): the page reads check/{id} again. */
export const WX_EVENT_BOUND = 'wx.bound';
/** The live event when the binding is removed (another tab shows the unbound state). */
export const WX_EVENT_UNBOUND = 'wx.unbound';
export interface WxBoundEvent {
  id: string;
  status: WxCheckStatus;
}
