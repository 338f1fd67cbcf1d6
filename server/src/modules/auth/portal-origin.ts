import type { FastifyRequest } from 'fastify';
import { DEV_WEB_ORIGIN, type AppConfig } from '../../platform/config/config.js';

const WILDCARD_HOSTS = new Set(['', '0.0.0.0', '::', '[::]']);

/**
 * The origins the sign-on portal is reached at (wire contract §4): a relative redirect registration
 * (/gsl/login) matches only on them, and the sign-on forms accept a post only from them.
 *
 * The request's Host header is never trusted by itself (anyone can send `Host: evil.example`):
 * - PUBLIC_URL set: that origin, and nothing else;
 * - otherwise the listening address as a browser on the machine reaches it (http://127.0.0.1:PORT,
 *   http://localhost:PORT, http://[::1]:PORT, and http://HOST:PORT when HOST names one address);
 * - with TRUST_PROXY also the origin the trusted proxy forwards (X-Forwarded-Proto / X-Forwarded-Host);
 * - outside production also the web dev server, which proxies /sso.
 */
export function portalOrigins(config: AppConfig, req: FastifyRequest, listeningPort?: number): string[] {
  if (config.publicUrl) return [config.publicUrl];
  const port = config.port || listeningPort || 0;
  const hosts = ['127.0.0.1', 'localhost', '[::1]'];
  const host = config.host.trim().toLowerCase();
  if (!WILDCARD_HOSTS.has(host)) hosts.push(host.includes(':') && !host.startsWith('[') ? `[${host}]` : host);
  const out = new Set<string>();
  for (const h of hosts) {
    const o = originOf(`http://${h}:${port}`);
    if (o) out.add(o);
  }
  if (config.trustProxy) {
    // req.protocol and req.host follow X-Forwarded-Proto / X-Forwarded-Host when the proxy is trusted.
    const forwarded = originOf(`${req.protocol}://${req.host}`);
    if (forwarded) out.add(forwarded);
  }
  if (!config.production) out.add(DEV_WEB_ORIGIN);
  return [...out];
}

/** The normalised origin of a URL (default port dropped, host lower-cased), or '' when it is none. */
export function originOf(url: string): string {
  try {
    const u = new URL(url);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return '';
    return u.origin;
  } catch {
    return '';
  }
}

/**
 * The one origin the portal gives others to send browsers back to (WeChat's redirect address): PUBLIC_URL
 * when set, else the origin a trusted proxy forwards (TRUST_PROXY), else the first listening origin.
 * As above, never the request's Host header alone.
 */
export function selfOrigin(config: AppConfig, req: FastifyRequest, listeningPort?: number): string {
  if (config.publicUrl) return config.publicUrl;
  if (config.trustProxy) {
    const forwarded = originOf(`${req.protocol}://${req.host}`);
    if (forwarded) return forwarded;
  }
  return portalOrigins(config, req, listeningPort)[0];
}
