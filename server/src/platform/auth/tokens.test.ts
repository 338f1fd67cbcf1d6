import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TokenSigner } from './tokens.js';

const claims = { userId: '1001', tenantId: '000001', deptId: '2001', roleIds: ['3001', '3002'], clientId: 'saber', chainId: 'c1', account: 'js_aoc' };
const secret = 'a-test-secret-of-some-length-0123456789';
const signer = new TokenSigner(secret);
const key = new TextEncoder().encode(secret);
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

describe('TokenSigner: access tokens verified on every request', () => {
  it('answers the claims of its own unexpired token', async () => {
    const token = await signer.sign(claims, 60);
    expect(await signer.verify(token)).toEqual({
      userId: '1001',
      tenantId: '000001',
      deptId: '2001',
      roleIds: ['3001', '3002'],
      clientId: 'saber',
      chainId: 'c1',
    });
  });

  it('refuses a token signed with another secret, a changed payload or signature, and alg none', async () => {
    const token = await signer.sign(claims, 60);
    expect(await new TokenSigner('another-secret-of-some-length-98765').verify(token)).toBeNull();
    const [h, p, s] = token.split('.');
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
    expect(await signer.verify(`${h}.${b64({ ...payload, sub: '1' })}.${s}`)).toBeNull();
    // One character inside the signature changed (each carries six bits of it; the last carries only two, and
    // replacing the last two with a fixed pair left the signature as it was whenever it already ended so).
    expect(await signer.verify(`${h}.${p}.${s.slice(0, 10)}${s[10] === 'A' ? 'B' : 'A'}${s.slice(11)}`)).toBeNull();
    expect(await signer.verify(`${b64({ alg: 'none', typ: 'JWT' })}.${p}.`)).toBeNull();
    expect(await signer.verify(`${h}.${p}`)).toBeNull();
    expect(await signer.verify('not a token')).toBeNull();
  });

  it('refuses an expired token, one not yet valid, another issuer, a critical header and a download token', async () => {
    expect(await signer.verify(await signer.sign(claims, 0))).toBeNull();
    const base = { sub: '1001', token_type: 'access_token', iss: 'gsl-portal' };
    const now = Math.floor(Date.now() / 1000);
    const make = (payload: Record<string, unknown>, header: Record<string, unknown> = { alg: 'HS256', typ: 'JWT' }) =>
      new SignJWT(payload).setProtectedHeader(header as never).sign(key);
    expect(await signer.verify(await make({ ...base, exp: now + 60 }))).not.toBeNull();
    expect(await signer.verify(await make({ ...base }))).toBeNull(); // no expiry
    expect(await signer.verify(await make({ ...base, exp: now + 60, nbf: now + 30 }))).toBeNull();
    expect(await signer.verify(await make({ ...base, exp: now + 60, iss: 'someone-else' }))).toBeNull();
    const signed = (header: unknown, payload: unknown) => {
      const body = `${b64(header)}.${b64(payload)}`;
      return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
    };
    expect(await signer.verify(signed({ alg: 'HS256', typ: 'JWT' }, { ...base, exp: now + 60 }))).not.toBeNull();
    expect(await signer.verify(signed({ alg: 'HS256', crit: ['x'], x: 1 }, { ...base, exp: now + 60 }))).toBeNull();
    expect(await signer.verify(signed({ alg: 'HS512' }, { ...base, exp: now + 60 }))).toBeNull();
    const download = await signer.signDownload(claims, 'f1', 60);
    expect(await signer.verify(download)).toBeNull();
    expect(await signer.verifyDownload(download)).toMatchObject({ file: 'f1', claims: { userId: '1001' } });
    expect(await signer.verifyDownload(await signer.sign(claims, 60))).toBeNull();
  });

  describe('a token verified once is remembered, its times are not', () => {
    afterEach(() => vi.useRealTimers());

    it('refuses a remembered token once it expires, and one remembered before its nbf until then', async () => {
      const token = await signer.sign(claims, 60);
      expect(await signer.verify(token)).not.toBeNull();
      expect(await signer.verify(token)).not.toBeNull(); // remembered
      vi.useFakeTimers({ now: Date.now() + 61_000, toFake: ['Date'] });
      expect(await signer.verify(token)).toBeNull();
      vi.useRealTimers();

      const now = Math.floor(Date.now() / 1000);
      const early = await new SignJWT({ sub: '1001', token_type: 'access_token', iss: 'gsl-portal', exp: now + 120, nbf: now + 30 })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .sign(key);
      expect(await signer.verify(early)).toBeNull();
      vi.useFakeTimers({ now: Date.now() + 31_000, toFake: ['Date'] });
      expect(await signer.verify(early)).not.toBeNull();
    });

    it('a tampered copy of a remembered token is still refused, and another secret never shares the memory', async () => {
      const token = await signer.sign(claims, 60);
      expect(await signer.verify(token)).not.toBeNull();
      const [h, p, s] = token.split('.');
      const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
      expect(await signer.verify(`${h}.${b64({ ...payload, sub: '1' })}.${s}`)).toBeNull();
      expect(await new TokenSigner('another-secret-of-some-length-98765').verify(token)).toBeNull();
    });
  });
});
