/** The sign-on portal's page (issue 2 §4): server-rendered, no script, so it works under a strict CSP. */

export interface SsoPageModel {
  params: Record<string, string>;
  account?: string;
  /** Tenant mode: the 租户编号 field and its value (absent: no field, the default tenant). */
  tenantId?: string;
  error?: string;
  captcha?: { key: string; image: string };
  fatal?: boolean;
}

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

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
.card h2{margin:0 0 6px;font-size:22px;color:#303133}.card .sub{margin:0 0 24px;color:#909399;font-size:13px}
label{display:block;font-size:13px;color:#606266;margin:14px 0 6px}
input[type=text],input[type=password]{width:100%;height:40px;border:1px solid #dcdfe6;border-radius:4px;padding:0 12px;font-size:14px;outline:none}
input:focus{border-color:#409EFF;box-shadow:0 0 0 2px rgba(64,158,255,.2)}
.captcha{display:flex;gap:8px;align-items:center}.captcha input{flex:1}.captcha img{height:40px;border-radius:4px;border:1px solid #dcdfe6}
.captcha a{font-size:12px;color:#409EFF;text-decoration:none;white-space:nowrap}
button{margin-top:24px;width:100%;height:42px;border:0;border-radius:4px;background:#409EFF;color:#fff;font-size:16px;letter-spacing:6px;cursor:pointer}
button:hover{background:#66b1ff}
.error{margin:0 0 8px;padding:10px 12px;border-radius:4px;background:#fef0f0;color:#f56c6c;font-size:13px;border:1px solid #fde2e2}
.foot{margin-top:18px;text-align:center;color:#c0c4cc;font-size:12px}
@media(max-width:800px){.brand{display:none}}`;

export function renderSsoPage(m: SsoPageModel): string {
  const entry = ENTRY_NAMES.get(m.params.entryCode ?? '') ?? DEFAULT_ENTRY;
  const hidden = ['appId', 'entryCode', 'sysFlag', 'redirectUri']
    .map((k) => `<input type="hidden" name="${k}" value="${esc(m.params[k] ?? '')}">`)
    .join('');
  const refresh = new URLSearchParams({ ...pick(m.params), captcha: '1', account: m.account ?? '', ...(m.tenantId ? { tenantId: m.tenantId } : {}) }).toString();
  const form = m.fatal
    ? ''
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
</form>`;
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>统一身份认证 - ${esc(entry)}</title><style>${STYLE}</style></head><body>
<section class="brand"><h1>${esc(entry)}</h1><p>工商联数字化工作平台<br>服务会员企业 · 联系商会协会 · 凝聚民营经济人士</p></section>
<section class="panel"><div class="card"><h2>统一身份认证</h2><p class="sub">请使用工作账号登录</p>
${m.error ? `<p class="error" role="alert" data-testid="sso-error">${esc(m.error)}</p>` : ''}
${form}
<p class="foot">登录即表示同意平台的使用与隐私规定</p></div></section></body></html>`;
}

function pick(p: Record<string, string>) {
  const out: Record<string, string> = {};
  for (const k of ['appId', 'entryCode', 'sysFlag', 'redirectUri']) if (p[k]) out[k] = p[k];
  return out;
}
