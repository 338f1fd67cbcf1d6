import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config/config.js';
import { portalOrigins } from './portal-origin.js';

/** A request as Fastify presents it (protocol and host follow X-Forwarded-* only with TRUST_PROXY). */
const req = (host: string, protocol = 'http') => ({ host, protocol }) as FastifyRequest;

describe('the sign-on portal’s own origins', () => {
  it('are the listening address by default, never the Host header', () => {
    const origins = portalOrigins(loadConfig({ PORT: '8080' }), req('evil.example'));
    expect(origins).toEqual(expect.arrayContaining(['http://127.0.0.1:8080', 'http://localhost:8080', 'http://[::1]:8080']));
    expect(origins.some((o) => o.includes('evil'))).toBe(false);
  });

  it('name HOST when it is one address, and the web dev server only outside production', () => {
    expect(portalOrigins(loadConfig({ HOST: '10.1.2.3', PORT: '9000' }), req('x'))).toContain('http://10.1.2.3:9000');
    expect(portalOrigins(loadConfig({}), req('x'))).toContain('http://localhost:5173');
    const prod = portalOrigins(loadConfig({ NODE_ENV: 'production' }), req('x'));
    expect(prod).not.toContain('http://localhost:5173');
    expect(prod).toContain('http://127.0.0.1:8080');
  });

  it('are PUBLIC_URL alone when it is set, even behind a trusted proxy', () => {
    expect(portalOrigins(loadConfig({ PUBLIC_URL: 'https://portal.example.gov.cn/', TRUST_PROXY: '1' }), req('evil.example', 'https'))).toEqual([
      'https://portal.example.gov.cn',
    ]);
  });

  it('take the trusted proxy’s forwarded origin with TRUST_PROXY', () => {
    expect(portalOrigins(loadConfig({ TRUST_PROXY: '1' }), req('portal.example.gov.cn', 'https'))).toContain('https://portal.example.gov.cn');
    expect(portalOrigins(loadConfig({}), req('portal.example.gov.cn', 'https'))).not.toContain('https://portal.example.gov.cn');
  });

  it('PUBLIC_URL must be an origin', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://Portal.Example.gov.cn:443' }).publicUrl).toBe('https://portal.example.gov.cn');
    for (const bad of ['portal.example.gov.cn', 'https://portal.example.gov.cn/gsl', 'ftp://x.cn', 'https://u:p@x.cn', 'https://x.cn/?a=1']) {
      expect(() => loadConfig({ PUBLIC_URL: bad }), bad).toThrow(/PUBLIC_URL/);
    }
  });
});
