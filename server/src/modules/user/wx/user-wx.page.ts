import type { BindOutcome } from './user-wx.service.js';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The small page WeChat's redirect lands on after a binding (no script: it only says how it went). The
 * 绑定微信 page that asked for the QR code learns the outcome by itself (live event, or polling check).
 */
export function renderBindPage(o: BindOutcome): string {
  const title = o.ok ? '绑定成功' : '绑定未成功';
  const detail = o.ok
    ? `${o.nickname ? `微信账号“${esc(o.nickname)}”已绑定到您的账号。` : '微信账号已绑定到您的账号。'}今后可在统一身份认证页面使用微信扫码登录。`
    : esc(o.message);
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>绑定微信 - ${title}</title><style>
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f5f7fa;font-family:"Noto Sans CJK SC","PingFang SC","Microsoft YaHei",sans-serif;color:#303133}
.card{width:min(420px,90vw);background:#fff;border-radius:8px;box-shadow:0 8px 30px rgba(0,0,0,.12);padding:32px;text-align:center}
h1{font-size:22px;margin:0 0 12px}.ok h1{color:#1a7f37}.fail h1{color:#c62828}
p{margin:8px 0;line-height:1.7;font-size:15px}.hint{color:#606266;font-size:13px}
</style></head><body><main class="card ${o.ok ? 'ok' : 'fail'}" data-testid="wx-bind-result">
<h1 role="${o.ok ? 'status' : 'alert'}">${title}</h1><p>${detail}</p>
<p class="hint">${o.ok ? '可关闭此页面,返回“绑定微信”页面查看。' : '请关闭此页面,在“绑定微信”页面重新获取二维码后再试。'}</p>
</main></body></html>`;
}
