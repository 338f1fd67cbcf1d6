import { DEFAULT_ENTRY_CODE, DEFAULT_TENANT_ID, SYS_FLAG } from '@gsl/contract';

/** Runtime configuration the server injects as window.__APP_CONFIG__ (docs/foundation-api.md). */
export interface AppConfig {
  clientId: string;
  clientSecret: string;
  /** When true every /api response body is base64(AES-256-CBC(JSON)). */
  apiCrypto: boolean;
  aesKey: string;
  ssoUrl: string;
  ssoLogoutUrl: string;
  /** Where the app is served, with slashes: '/gsl/'. The router's basename. */
  basePath: string;
  /** Origin of the second front end ('' = this server). */
  modelOrigin: string;
  /** Prefix of every browser-storage key (wire contract §6). */
  appKey: string;
  sysFlag: string;
  entryCode: string;
  tenantId: string;
  refreshThresholdSeconds: number;
  refreshCheckSeconds: number;
  chunkTimeoutMs: number;
}

declare global {
  interface Window {
    __APP_CONFIG__?: Partial<AppConfig>;
  }
}

/**
 * Defaults for `vite` dev, where nobody injects the config. Nothing is fetched: without the
 * injected script the client assumes plaintext responses (apiCrypto false), so a dev server
 * must run with API_CRYPTO off, or GSL_APP_CONFIG must be exported for vite (see vite.config.ts).
 */
const DEFAULTS: AppConfig = {
  clientId: 'saber',
  clientSecret: 'saber_secret',
  apiCrypto: false,
  aesKey: '',
  ssoUrl: '/sso/login',
  ssoLogoutUrl: '/sso/logout',
  basePath: '/gsl/',
  modelOrigin: '',
  appKey: 'saber',
  sysFlag: SYS_FLAG,
  entryCode: DEFAULT_ENTRY_CODE,
  tenantId: DEFAULT_TENANT_ID,
  refreshThresholdSeconds: 300,
  refreshCheckSeconds: 10,
  chunkTimeoutMs: 120_000,
};

function readConfig(): AppConfig {
  const injected = typeof window === 'undefined' ? undefined : window.__APP_CONFIG__;
  const merged: AppConfig = { ...DEFAULTS, ...(injected ?? {}) };
  if (!merged.basePath.endsWith('/')) merged.basePath += '/';
  return merged;
}

/** Read once at start-up; the server writes it into the page before any script runs. */
export const config: AppConfig = readConfig();

/** '/gsl' — react-router's basename (no trailing slash). */
export const routerBasename = config.basePath.replace(/\/+$/, '') || '/';

/** Absolute URL of a route of this app, e.g. appUrl('/login') → 'http://host/gsl/login'. */
export function appUrl(path: string): string {
  return `${window.location.origin}${routerBasename === '/' ? '' : routerBasename}${path}`;
}

/** URL of a hash route of the second front end (/model/#/...). */
export function modelUrl(hashPath: string): string {
  return `${config.modelOrigin}/model/#${hashPath.startsWith('/') ? hashPath : `/${hashPath}`}`;
}
