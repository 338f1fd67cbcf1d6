import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MSG, MODEL_CODE_PATH } from '@gsl/contract';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { SsoBrowser } from '../../../test/sso.js';

// The `token` parameter of the second front end (/model/#/…): a one-time code of the signed-in session.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const exchange = (code: string) =>
  t.call({ method: 'POST', url: '/api/blade-auth/oauth/token', query: { grant_type: 'sso_authorization_code', code, tenantId: '000001' } });
const modelCode = (token?: string) => t.call({ method: 'POST', url: MODEL_CODE_PATH, token });

describe('model-code: the AI pages’ entry token', () => {
  it('gives the signed-in user a code that signs the same user on once, and never again', async () => {
    const session = await t.login('nj_aoc');
    const res = await modelCode(session.access_token);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { code, expiresIn } = res.body.data as { code: string; expiresIn: number };
    expect(code).toMatch(/^[\w-]{32,}$/);
    expect(expiresIn).toBeGreaterThan(0);

    const first = await exchange(code);
    expect(first.status).toBe(200);
    expect(first.body.user_id).toBe(session.user_id);
    expect(first.body.account).toBe('nj_aoc');
    // The new session works: the user's own info answers with the same person.
    const me = await t.call({ url: '/api/blade-auth/oauth/user-info', token: first.body.access_token });
    expect(me.body.data.account).toBe('nj_aoc');

    const again = await exchange(code);
    expect(again.status).toBe(400);
    expect(again.body.error_description).toBe(AUTH_MSG.codeInvalid);
  });

  it('is refused without a session', async () => {
    const res = await modelCode();
    expect(res.status).toBe(401);
  });

  it('dies with the sign-on session it came from: after logout the code signs nobody on', async () => {
    const b = new SsoBrowser(t);
    const signed = await b.login({ account: 'nj_coc', password: 'Demo@2026' });
    const tokens = (await exchange(SsoBrowser.codeOf(signed))).body;
    const { code } = (await modelCode(tokens.access_token)).body.data as { code: string };
    const out = await t.call({ url: '/api/blade-auth/oauth/logout', token: tokens.access_token });
    expect(out.status).toBe(200);
    const late = await exchange(code);
    expect(late.status).toBe(400);
    expect(late.body.error_description).toBe(AUTH_MSG.codeInvalid);
  });
});
