/**
 * The one explicit list of routes reachable without a token (wire contract §2). `open` needs no
 * client either; `client` needs the Basic client credentials. A route that declares itself public
 * without being listed here stops the server from starting (deny by default).
 */
export const PUBLIC_ROUTES: Readonly<Record<string, 'open' | 'client'>> = {
  'GET /api/health': 'open',
  'GET /api/openapi.json': 'open',
  'POST /api/blade-auth/oauth/token': 'client',
  'GET /api/blade-auth/oauth/captcha': 'client',
  // BladeX Saber's sign-on page asks which tenant serves its domain before anyone signs on.
  'GET /api/blade-system/tenant/info': 'client',
  'GET /sso/login': 'open',
  'POST /sso/login': 'open',
  'GET /sso/logout': 'open',
  'POST /sso/logout': 'open',
  // WeChat sign-on: the link that sets out for WeChat's QR page, and WeChat's redirect back to the portal.
  'GET /sso/wechat': 'open',
  'GET /sso/wechat/callback': 'open',
  // WeChat's redirect after a binding scan reaches the browser without our token; the one-time state names the account.
  'GET /api/blade-user/user-wx/callback': 'open',
  // 分享链接 of a published AI 简历 (README deviation 65): a partner opens it without an account; the random
  // code names one live share, the answer is the published text only, and the route is rate-limited.
  'GET /api/ai-service/share/view': 'open',
};

/** Route prefixes owned by plugins that serve public static files (API docs page, web app). */
export const PUBLIC_PREFIXES = ['/api/docs'];

/** Paths whose routes must declare access; everything else is the web app's static files. */
export const GUARDED_PREFIXES = ['/api/', '/sso/'];
