/**
 * Configuration, read once from the environment (README "Configuration" lists every variable).
 * Secrets are never constants: unset JWT/AES secrets are generated per database outside
 * production (see secrets.ts), and production refuses to start without real ones.
 */
export interface AppConfig {
  production: boolean;
  host: string;
  port: number;
  databaseUrl?: string;
  dataDir: string;
  demoData: boolean;
  apiCrypto: boolean;
  /** Set from the environment, or filled from the database by resolveSecrets() before buildApp. */
  aesKey: string;
  jwtSecret: string;
  clientId: string;
  clientSecret: string;
  basePath: string;
  ssoUrl: string;
  ssoLogoutUrl: string;
  modelOrigin: string;
  timeZone: string;
  refreshThresholdSeconds: number;
  refreshCheckSeconds: number;
  bodyLimit: number;
  tokenRateLimit: number;
  ssoRateLimit: number;
  loginMaxFailures: number;
  loginLockMinutes: number;
  codeTtlSeconds: number;
  ssoSessionHours: number;
  /**
   * The portal's public origin (PUBLIC_URL, e.g. https://portal.example.gov.cn), normalised to an
   * origin; '' when unset. Relative redirect registrations and the sign-on pages' same-origin checks
   * use it (modules/auth/portal-origin.ts).
   */
  publicUrl: string;
  trustProxy: boolean;
  logLevel: string;
  webDist?: string;
  tenantMode: boolean;
  defaultTenantId: string;
  /** Hosts a tenant datasource may point at (DATASOURCE_HOSTS; loopback by default). */
  datasourceHosts: string[];
  /** Local file store directory (default DATA_DIR/files). */
  fileStoreDir: string;
  fileMaxBytes: number;
  fileExtensions: string[];
  /** Whether this process runs the outbox worker (OUTBOX_WORKER; off: it only accepts jobs, another process delivers them). */
  outboxWorker: boolean;
  /** Jobs one worker claims at a time (OUTBOX_BATCH). */
  outboxBatch: number;
  /** How often an idle worker looks for due jobs without a wake-up (OUTBOX_POLL_MS). */
  outboxPollMs: number;
  /** How long a claimed job stays a worker's before another may take it over (OUTBOX_LEASE_MS). */
  outboxLeaseMs: number;
  /** SMTP server for e-mail (SMTP_URL, e.g. smtps://user:pass@smtp.example.cn:465); unset: the mail outbox (邮件发件箱). */
  smtpUrl?: string;
  /** Default sender address (MAIL_FROM). */
  mailFrom: string;
  /**
   * Hosts an org's own mailbox (我的组织 › 邮箱配置) may name although they resolve to a private, loopback or
   * link-local address (MAILBOX_PRIVATE_HOSTS; outside production loopback by default, in production none):
   * the screen cannot be used to reach the internal network.
   */
  mailboxPrivateHosts: string[];
  /** 舆情监测's feed fetcher: a feed taking longer is cut off (NEWS_FETCH_TIMEOUT_MS) or larger refused (NEWS_FETCH_MAX_BYTES). */
  newsFetchTimeoutMs: number;
  newsFetchMaxBytes: number;
  /** Hosts a news feed may name although they resolve to an internal address (NEWS_PRIVATE_HOSTS; like MAILBOX_PRIVATE_HOSTS). */
  newsPrivateHosts: string[];
  /** SMS gateway (SMS_PROVIDER): 'outbox' shows messages on 短信发件箱 instead of sending them; 'aliyun' sends through Dysmsapi. */
  smsProvider: 'outbox' | 'aliyun';
  smsAccessKeyId: string;
  smsAccessKeySecret: string;
  /** Default signature and template code of the gateway (SMS_SIGN_NAME, SMS_TEMPLATE_CODE). */
  smsSignName: string;
  smsTemplateCode: string;
  /** The gateway template of one-time codes (SMS_CODE_TEMPLATE_CODE, variable ${code}); '' sends codes with SMS_TEMPLATE_CODE. */
  smsCodeTemplateCode: string;
  /** The gateway's address (SMS_ENDPOINT, default https://dysmsapi.aliyuncs.com). */
  smsEndpoint: string;
  /** The WeChat open platform's website app (WECHAT_APP_ID / WECHAT_APP_SECRET); '' when WeChat sign-on is not configured. */
  wechatAppId: string;
  wechatAppSecret: string;
  /** WeChat's API and authorize hosts (WECHAT_API_BASE, WECHAT_OPEN_BASE): tests point them at a local fake. */
  wechatApiBase: string;
  wechatOpenBase: string;
  /** An OpenAI-compatible provider (AI_BASE_URL, AI_API_KEY, AI_MODEL); '' answers with the built-in assistant. */
  aiBaseUrl: string;
  aiApiKey: string;
  aiModel: string;
  /** Answers an org may get per calendar month (AI_ORG_MONTHLY_QUOTA). */
  aiOrgMonthlyQuota: number;
  /** Questions one user may ask per minute (AI_USER_PER_MINUTE). */
  aiUserPerMinute: number;
}

export const DEV_CLIENT_SECRET = 'saber_secret';
/** The web dev server (`vite`, which proxies /api and /sso to the server): trusted outside production only. */
export const DEV_WEB_ORIGIN = 'http://localhost:5173';

type Env = Record<string, string | undefined>;

function bool(v: string | undefined, dflt: boolean): boolean {
  if (v === undefined || v === '') return dflt;
  return !['0', 'false', 'off', 'no'].includes(v.toLowerCase());
}

function int(env: Env, name: string, dflt: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return dflt;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new ConfigError(`${name} must be an integer ≥ ${min}, got "${raw}"`);
  return n;
}

export class ConfigError extends Error {}

export function loadConfig(env: Env = process.env): AppConfig {
  const production = (env.NODE_ENV ?? '').toLowerCase() === 'production';
  const basePath = normaliseBase(env.BASE_PATH ?? '/gsl/');
  return {
    production,
    host: env.HOST ?? '0.0.0.0',
    port: int(env, 'PORT', 8080),
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR || './data',
    demoData: bool(env.DEMO_DATA, !production),
    apiCrypto: bool(env.API_CRYPTO, true),
    aesKey: env.API_AES_KEY ?? '',
    jwtSecret: env.JWT_SECRET ?? '',
    clientId: env.CLIENT_ID || 'saber',
    clientSecret: env.CLIENT_SECRET || DEV_CLIENT_SECRET,
    basePath,
    ssoUrl: env.SSO_URL || '/sso/login',
    ssoLogoutUrl: env.SSO_LOGOUT_URL || '/sso/logout',
    modelOrigin: env.MODEL_ORIGIN ?? '',
    timeZone: env.TIME_ZONE || 'Asia/Shanghai',
    refreshThresholdSeconds: int(env, 'REFRESH_THRESHOLD_SECONDS', 300, 1),
    refreshCheckSeconds: int(env, 'REFRESH_CHECK_SECONDS', 10, 1),
    bodyLimit: int(env, 'BODY_LIMIT', 1_048_576, 1024),
    tokenRateLimit: int(env, 'TOKEN_RATE_LIMIT', 120, 1),
    ssoRateLimit: int(env, 'SSO_RATE_LIMIT', 60, 1),
    loginMaxFailures: int(env, 'LOGIN_MAX_FAILURES', 5, 1),
    loginLockMinutes: int(env, 'LOGIN_LOCK_MINUTES', 30, 1),
    codeTtlSeconds: int(env, 'SSO_CODE_TTL_SECONDS', 300, 1),
    ssoSessionHours: int(env, 'SSO_SESSION_HOURS', 8, 1),
    publicUrl: origin(env, 'PUBLIC_URL'),
    trustProxy: bool(env.TRUST_PROXY, false),
    logLevel: env.LOG_LEVEL || (production ? 'info' : 'warn'),
    webDist: env.WEB_DIST || undefined,
    tenantMode: bool(env.TENANT_MODE, false),
    defaultTenantId: env.DEFAULT_TENANT_ID || '000001',
    datasourceHosts: (env.DATASOURCE_HOSTS || '127.0.0.1,localhost,::1')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    fileStoreDir: env.FILE_STORE_DIR || `${env.DATA_DIR || './data'}/files`,
    fileMaxBytes: int(env, 'FILE_MAX_BYTES', 20 * 1024 * 1024, 1024),
    fileExtensions: (env.FILE_EXTENSIONS || 'jpg,jpeg,png,gif,webp,pdf,doc,docx,xls,xlsx,ppt,pptx,txt,csv,zip,rar,7z,mp4')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    outboxWorker: bool(env.OUTBOX_WORKER, true),
    outboxBatch: int(env, 'OUTBOX_BATCH', 200, 1),
    outboxPollMs: int(env, 'OUTBOX_POLL_MS', 1000, 10),
    outboxLeaseMs: int(env, 'OUTBOX_LEASE_MS', 60_000, 1000),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'noreply@localhost',
    mailboxPrivateHosts: (env.MAILBOX_PRIVATE_HOSTS ?? (production ? '' : '127.0.0.1,localhost,::1'))
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    newsFetchTimeoutMs: int(env, 'NEWS_FETCH_TIMEOUT_MS', 20_000, 100),
    newsFetchMaxBytes: int(env, 'NEWS_FETCH_MAX_BYTES', 5 * 1024 * 1024, 1024),
    newsPrivateHosts: (env.NEWS_PRIVATE_HOSTS ?? (production ? '' : '127.0.0.1,localhost,::1'))
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    ...smsConfig(env),
    ...wechatConfig(env),
    aiBaseUrl: env.AI_BASE_URL ? httpAddress(env, 'AI_BASE_URL', '') : '',
    aiApiKey: env.AI_API_KEY ?? '',
    aiModel: env.AI_MODEL || 'qwen-plus',
    aiOrgMonthlyQuota: int(env, 'AI_ORG_MONTHLY_QUOTA', 2000, 0),
    aiUserPerMinute: int(env, 'AI_USER_PER_MINUTE', 10, 1),
  };
}

/** WECHAT_APP_ID and WECHAT_APP_SECRET come together (one without the other refuses to start); the hosts are http(s) addresses. */
function wechatConfig(env: Env): Pick<AppConfig, 'wechatAppId' | 'wechatAppSecret' | 'wechatApiBase' | 'wechatOpenBase'> {
  const appId = (env.WECHAT_APP_ID ?? '').trim();
  const appSecret = (env.WECHAT_APP_SECRET ?? '').trim();
  if (Boolean(appId) !== Boolean(appSecret)) throw new ConfigError('WECHAT_APP_ID and WECHAT_APP_SECRET must be set together');
  return {
    wechatAppId: appId,
    wechatAppSecret: appSecret,
    wechatApiBase: httpAddress(env, 'WECHAT_API_BASE', 'https://api.weixin.qq.com'),
    wechatOpenBase: httpAddress(env, 'WECHAT_OPEN_BASE', 'https://open.weixin.qq.com'),
  };
}

/** An http(s) address without a trailing slash. */
function httpAddress(env: Env, name: string, dflt: string): string {
  const raw = (env[name] || dflt).trim();
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be an http(s) address, got "${raw}"`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash)
    throw new ConfigError(`${name} must be an http(s) address, got "${raw}"`);
  return raw.replace(/\/+$/, '');
}

/** SMS_PROVIDER and its credentials: a gateway named without its keys, signature and template refuses to start. */
function smsConfig(
  env: Env,
): Pick<AppConfig, 'smsProvider' | 'smsAccessKeyId' | 'smsAccessKeySecret' | 'smsSignName' | 'smsTemplateCode' | 'smsCodeTemplateCode' | 'smsEndpoint'> {
  const provider = (env.SMS_PROVIDER || 'outbox').toLowerCase();
  if (provider !== 'outbox' && provider !== 'aliyun') throw new ConfigError(`SMS_PROVIDER must be outbox or aliyun, got "${env.SMS_PROVIDER}"`);
  const endpoint = env.SMS_ENDPOINT || 'https://dysmsapi.aliyuncs.com';
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new ConfigError(`SMS_ENDPOINT must be an http(s) address, got "${endpoint}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError(`SMS_ENDPOINT must be an http(s) address, got "${endpoint}"`);
  const out = {
    smsProvider: provider,
    smsAccessKeyId: env.SMS_ACCESS_KEY_ID ?? '',
    smsAccessKeySecret: env.SMS_ACCESS_KEY_SECRET ?? '',
    smsSignName: env.SMS_SIGN_NAME ?? '',
    smsTemplateCode: env.SMS_TEMPLATE_CODE ?? '',
    smsCodeTemplateCode: env.SMS_CODE_TEMPLATE_CODE ?? '',
    smsEndpoint: endpoint,
  } as const;
  if (provider === 'aliyun') {
    const missing = (['SMS_ACCESS_KEY_ID', 'SMS_ACCESS_KEY_SECRET', 'SMS_SIGN_NAME', 'SMS_TEMPLATE_CODE'] as const).filter((k) => !env[k]);
    if (missing.length) throw new ConfigError(`SMS_PROVIDER=aliyun needs ${missing.join(', ')}`);
  }
  return out;
}

/** An http(s) origin (path, query and a trailing slash are refused, so a typo cannot widen it). */
function origin(env: Env, name: string): string {
  const raw = (env[name] ?? '').trim();
  if (!raw) return '';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be an origin such as https://portal.example.gov.cn, got "${raw}"`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password || url.search || url.hash || url.pathname !== '/') {
    throw new ConfigError(`${name} must be an origin such as https://portal.example.gov.cn (no path), got "${raw}"`);
  }
  return url.origin;
}

function normaliseBase(p: string): string {
  let s = p.startsWith('/') ? p : `/${p}`;
  if (!s.endsWith('/')) s += '/';
  return s;
}

/** Production refuses development secrets. */
export function assertProductionSafe(cfg: AppConfig, generated: { aesKey: boolean; jwtSecret: boolean }): void {
  if (!cfg.production) return;
  const problems: string[] = [];
  if (generated.aesKey || !cfg.aesKey) problems.push('API_AES_KEY must be set (32 characters)');
  if (generated.jwtSecret || !cfg.jwtSecret) problems.push('JWT_SECRET must be set (at least 32 characters)');
  if (cfg.clientSecret === DEV_CLIENT_SECRET) problems.push('CLIENT_SECRET must not be the development secret');
  if (problems.length) throw new ConfigError(`生产模式拒绝启动 / production mode refuses to start: ${problems.join('; ')}`);
}

export function validateSecrets(cfg: AppConfig): void {
  if (cfg.aesKey.length !== 32) throw new ConfigError('API_AES_KEY must be exactly 32 characters');
  if (cfg.jwtSecret.length < 32) throw new ConfigError('JWT_SECRET must be at least 32 characters');
}
