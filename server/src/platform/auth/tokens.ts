import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';
import type { AccessClaims } from '../access/actor.js';

const ISSUER = 'gsl-portal';

export class TokenSigner {
  private readonly key: Uint8Array;
  private readonly signed = new Map<string, Record<string, unknown>>();
  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  async sign(claims: AccessClaims & { account: string }, ttlSeconds: number): Promise<string> {
    return this.signKind('access_token', claims, { account: claims.account }, ttlSeconds);
  }

  /**
   * A download token: good for one file (`file`, its public id) for a few minutes, and for nothing
   * else. It carries the access token's ids, so a revoked chain or a disabled account stops it too.
   */
  async signDownload(claims: AccessClaims, file: string, ttlSeconds: number): Promise<string> {
    return this.signKind('download_token', claims, { file }, ttlSeconds);
  }

  private signKind(kind: 'access_token' | 'download_token', claims: AccessClaims, extra: Record<string, string>, ttlSeconds: number): Promise<string> {
    return new SignJWT({
      tenant_id: claims.tenantId,
      dept_id: claims.deptId,
      role_id: claims.roleIds.join(','),
      client_id: claims.clientId,
      chain: claims.chainId,
      ...extra,
      token_type: kind,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setJti(randomUUID())
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
      .sign(this.key);
  }

  /** The claims of a valid, unexpired access token, or null (tampered, expired, foreign, a download token). */
  async verify(token: string): Promise<AccessClaims | null> {
    return (await this.verifyKind(token, 'access_token'))?.claims ?? null;
  }

  /** The claims and the file of a valid download token, or null (an access token is not one). */
  async verifyDownload(token: string): Promise<{ claims: AccessClaims; file: string } | null> {
    const found = await this.verifyKind(token, 'download_token');
    return found && typeof found.file === 'string' && found.file ? { claims: found.claims, file: found.file } : null;
  }

  /**
   * A token's payload when it is current (`exp`, `nbf` against the clock, every time) and signed by us. The
   * signature check is remembered per token string (bounded): the same token comes with every request of a
   * session, and whether its bytes carry our signature never changes.
   */
  private signedPayload(token: string): Record<string, unknown> | null {
    let payload = this.signed.get(token);
    if (!payload) {
      payload = verifyHs256(token, this.key) ?? undefined;
      if (!payload) return null;
      if (this.signed.size >= SIGNED_KEPT) this.signed.delete(this.signed.keys().next().value!);
      this.signed.set(token, payload);
    }
    return isCurrent(payload) ? payload : null;
  }

  private async verifyKind(token: string, kind: 'access_token' | 'download_token'): Promise<{ claims: AccessClaims; file?: unknown } | null> {
    try {
      const payload = this.signedPayload(token);
      if (!payload || payload.token_type !== kind || typeof payload.sub !== 'string') return null;
      const str = (v: unknown) => (typeof v === 'string' ? v : '');
      return {
        claims: {
          userId: payload.sub,
          tenantId: str(payload.tenant_id),
          deptId: str(payload.dept_id),
          roleIds: str(payload.role_id).split(',').filter(Boolean),
          clientId: str(payload.client_id),
          chainId: str(payload.chain),
        },
        file: payload.file,
      };
    } catch {
      return null;
    }
  }
}

const HEADER_KEYS = new Set(['alg', 'typ']);
/** Tokens whose signature was checked, kept at most (the oldest goes first). */
const SIGNED_KEPT = 10_000;

/**
 * The payload of a compact JWS signed with HS256 by `key` and issued by us; null otherwise (isCurrent checks the times).
 * Every request verifies its token, so this is node:crypto's HMAC, synchronous (a few microseconds), not
 * WebCrypto's promise job (a hop to the thread pool: a tenth of a request's CPU in the profile of issue 18).
 * It checks what jose's jwtVerify checked for us: the header names HS256 and nothing else critical, the
 * signature (compared in constant time), `iss`; and, in isCurrent, `exp` (and `nbf` when present) against the clock.
 */
function verifyHs256(token: string, key: Uint8Array): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [h, p, sig] = parts;
  const header = parseSegment(h);
  if (!header || header.alg !== 'HS256' || Object.keys(header).some((k) => !HEADER_KEYS.has(k))) return null;
  const expected = createHmac('sha256', key).update(`${h}.${p}`).digest();
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || given.toString('base64url') !== sig || !timingSafeEqual(given, expected)) return null;
  const payload = parseSegment(p);
  if (!payload || payload.iss !== ISSUER) return null;
  return Object.freeze(payload);
}

/** `exp` (required) and `nbf` (when present) against the clock. */
function isCurrent(payload: Record<string, unknown>): boolean {
  const now = Math.floor(Date.now() / 1000);
  if (typeof payload.exp !== 'number' || payload.exp <= now) return false;
  return payload.nbf === undefined || (typeof payload.nbf === 'number' && payload.nbf <= now);
}

function parseSegment(segment: string): Record<string, unknown> | null {
  if (!/^[A-Za-z0-9_-]+$/.test(segment)) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** An opaque random token (refresh tokens, codes, sign-on sessions) and the hash we store. */
export function opaqueToken(): string {
  return randomBytes(32).toString('base64url');
}
export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
