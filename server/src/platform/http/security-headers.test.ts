import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';

// Helmet's headers on every answer: an open call, a signed-in call, an error and an unknown path. (Pages that
// set a stricter policy of their own keep it: sso.routes.test.ts, user-wx.)
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await t.login('admin')).access_token;
});
afterAll(() => t?.close());

const EXPECTED: Record<string, string> = {
  'content-security-policy':
    "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';frame-ancestors 'self';img-src 'self' data: blob:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';connect-src 'self'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

describe('security headers', () => {
  it.each([
    ['an open call', { url: '/api/health', client: false as const }],
    ['a signed-in call', { url: '/api/blade-system/param/list' }],
    ['a refused call', { url: '/api/blade-system/param/list', client: false as const }],
    ['an unknown path', { url: '/api/no-such-call' }],
  ])('%s carries every one of them', async (_, o) => {
    const res = await t.call({ ...o, token });
    for (const [name, value] of Object.entries(EXPECTED)) expect(res.headers[name], name).toBe(value);
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});
