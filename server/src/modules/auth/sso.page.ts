/** The sign-on portal's page: server-rendered, no script, so it works under a strict CSP. */

/** The portal's own refusals (the forms' anti-forgery checks, sso-forms.ts). */
export const SSO_MSG = {
  loginExpired: '登录页面已失效,请重新输入账号和密码后登录',
  logoutExpired: '退出页面已失效,请重新点击“退出登录”',
  crossSite: '请求来源不正确,请在本站的统一身份认证页面上操作',
  logoutConfirm: '确定退出登录?',
} as const;

export interface SsoPageModel {
  params: Record<string, string>;
  /** The form's anti-forgery token (absent on a fatal page, which has no form). */
  formToken?: string;
  account?: string;
  /** Tenant mode: the 租户编号 field and its value (absent: no field, the default tenant). */
  tenantId?: string;
  error?: string;
  captcha?: { key: string; image: string };
  fatal?: boolean;
  /** A page without a form: where to start again (a link, so the page stays script-free). */
  retryUrl?: string;
  /** WeChat sign-on is configured: the 微信登录 link (/sso/wechat with the app's parameters). */
  wechatUrl?: string;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const DEFAULT_ENTRY = '江苏省工商业联合会(总商会)';
/** A Map, not an object: an entryCode such as "constructor" must not find a prototype member. */
const ENTRY_NAMES = new Map<string, string>([['jiangsu', DEFAULT_ENTRY]]);

const STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:"Noto Sans CJK SC","PingFang SC","Microsoft YaHei",sans-serif;background:#0b2545;color:#303133;min-height:100vh;display:flex}
.brand{flex:1.2;background:linear-gradient(135deg,#0b2545 0%,#13315c 45%,#1d64b8 100%);color:#fff;display:flex;flex-direction:column;justify-content:center;padding:8vw;position:relative;overflow:hidden}
.brand:after{content:"";position:absolute;right:-120px;bottom:-120px;width:420px;height:420px;border-radius:50%;background:rgba(64,158,255,.18)}
.brand h1{font-size:34px;margin:0 0 12px;letter-spacing:2px}.brand p{margin:0;font-size:16px;opacity:.85;line-height:1.8}
.panel{flex:1;background:#f5f7fa;display:flex;align-items:center;justify-content:center;padding:24px}
.card{width:380px;background:#fff;border-radius:8px;box-shadow:0 8px 30px rgba(0,0,0,.12);padding:36px 32px}
.card h2{margin:0 0 6px;font-size:22px;color:#303133}.card .sub{margin:0 0 24px;color:#606266;font-size:13px}
label{display:block;font-size:13px;color:#606266;margin:14px 0 6px}
input[type=text],input[type=password]{width:100%;height:40px;border:1px solid #dcdfe6;border-radius:4px;padding:0 12px;font-size:14px;outline:none}
input:focus{border-color:#409EFF;box-shadow:0 0 0 2px rgba(64,158,255,.2)}
.captcha{display:flex;gap:8px;align-items:center}.captcha input{flex:1}.captcha img{height:40px;border-radius:4px;border:1px solid #dcdfe6}
.captcha a{font-size:12px;color:#1b5db3;text-decoration:none;white-space:nowrap}
button{margin-top:24px;width:100%;height:42px;border:0;border-radius:4px;background:#1b5db3;color:#fff;font-size:16px;letter-spacing:6px;cursor:pointer}
button:hover,button:focus-visible{background:#0e418c}button:focus-visible{outline:2px solid #409EFF;outline-offset:2px}
.error{margin:0 0 8px;padding:10px 12px;border-radius:4px;background:#fef0f0;color:#cf1322;font-size:13px;border:1px solid #fde2e2}
.foot{margin-top:18px;text-align:center;color:#6b6e73;font-size:12px}
.confirm{margin:8px 0 0;font-size:16px;color:#303133;text-align:center}
.cancel{margin-top:14px;text-align:center;font-size:13px}.cancel a{color:#1b5db3;text-decoration:none}
.alt{margin:16px 0 0;text-align:center;font-size:13px;color:#606266}.alt a{color:#1a7f37;font-weight:600;text-decoration:none;margin-right:6px}.alt a:hover,.alt a:focus{text-decoration:underline}
@media(max-width:800px){.brand{display:none}}`;

export function renderSsoPage(m: SsoPageModel): string {
  const entry = ENTRY_NAMES.get(m.params.entryCode ?? '') ?? DEFAULT_ENTRY;
  const hidden = hiddenFields(m.params, m.formToken);
  const refresh = new URLSearchParams({
    ...pick(m.params),
    captcha: '1',
    account: m.account ?? '',
    ...(m.tenantId ? { tenantId: m.tenantId } : {}),
  }).toString();
  const form = m.fatal
    ? m.retryUrl
      ? `<p class="cancel"><a href="${esc(m.retryUrl)}" data-testid="sso-retry">重新打开页面</a></p>`
      : ''
    : `<form method="post" action="/sso/login" autocomplete="on" data-testid="sso-form">
  ${hidden}
  ${
    m.tenantId !== undefined
      ? `<label for="tenantId">租户编号</label>
  <input id="tenantId" name="tenantId" type="text" maxlength="6" inputmode="numeric" pattern="\\d{6}" required value="${esc(m.tenantId)}" placeholder="请输入租户编号" data-testid="sso-tenant">`
      : ''
  }
  <label for="account">账号</label>
  <input id="account" name="account" type="text" maxlength="45" required autofocus value="${esc(m.account ?? '')}" placeholder="请输入账号">
  <label for="password">密码</label>
  <input id="password" name="password" type="password" maxlength="128" required placeholder="请输入密码">
  ${
    m.captcha
      ? `<label for="captchaCode">验证码</label>
  <div class="captcha"><input id="captchaCode" name="captchaCode" type="text" maxlength="6" required placeholder="请输入验证码" autocomplete="off">
  <img src="${m.captcha.image}" alt="验证码" data-testid="sso-captcha"><a href="/sso/login?${esc(refresh)}">换一张</a></div>
  <input type="hidden" name="captchaKey" value="${esc(m.captcha.key)}">`
      : ''
  }
  <button type="submit">登录</button>
</form>${m.wechatUrl ? `\n<p class="alt"><a href="${esc(m.wechatUrl)}" data-testid="sso-wechat">微信登录</a><span>(已绑定微信的账号可扫码登录)</span></p>` : ''}`;
  return shell(entry, '请使用工作账号登录', m.error, form, '登录即表示同意平台的使用与隐私规定');
}

/** The sign-on logout's confirmation: a plain link cannot end the session, only this form's post. */
export function renderSsoLogoutPage(m: { params: Record<string, string>; formToken: string; error?: string }): string {
  const entry = ENTRY_NAMES.get(m.params.entryCode ?? '') ?? DEFAULT_ENTRY;
  const back = new URLSearchParams(pick(m.params)).toString();
  const form = `<form method="post" action="/sso/logout" data-testid="sso-logout-form">
  ${hiddenFields(m.params, m.formToken)}
  <p class="confirm" data-testid="sso-logout-confirm">${SSO_MSG.logoutConfirm}</p>
  <button type="submit">退出登录</button>
</form>
<p class="cancel"><a href="/sso/login?${esc(back)}" data-testid="sso-logout-cancel">取消,返回应用</a></p>`;
  return shell(entry, '退出后需重新输入账号和密码才能进入各应用', m.error, form, '');
}

function hiddenFields(params: Record<string, string>, formToken: string | undefined): string {
  return [
    ...['appId', 'entryCode', 'sysFlag', 'redirectUri'].map((k) => `<input type="hidden" name="${k}" value="${esc(params[k] ?? '')}">`),
    formToken ? `<input type="hidden" name="formToken" value="${esc(formToken)}">` : '',
  ].join('');
}

function shell(entry: string, sub: string, error: string | undefined, body: string, foot: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>统一身份认证 - ${esc(entry)}</title><style>${STYLE}</style></head><body>
<section class="brand"><h1>${esc(entry)}</h1><p>工商联数字化工作平台<br>服务会员企业 · 联系商会协会 · 凝聚民营经济人士</p></section>
<section class="panel"><div class="card"><h2>统一身份认证</h2><p class="sub">${esc(sub)}</p>
${error ? `<p class="error" role="alert" data-testid="sso-error">${esc(error)}</p>` : ''}
${body}
${foot ? `<p class="foot">${esc(foot)}</p>` : ''}</div></section></body></html>`;
}

function pick(p: Record<string, string>) {
  const out: Record<string, string> = {};
  for (const k of ['appId', 'entryCode', 'sysFlag', 'redirectUri']) if (p[k]) out[k] = p[k];
  return out;
}
