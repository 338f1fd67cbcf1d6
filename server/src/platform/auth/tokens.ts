import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { AccessClaims } from '../access/actor.js';

const ISSUER = 'gsl-portal';

export class TokenSigner {
  private readonly key: Uint8Array;
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

  private async verifyKind(token: string, kind: 'access_token' | 'download_token'): Promise<{ claims: AccessClaims; file?: unknown } | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: ISSUER, algorithms: ['HS256'] });
      if (payload.token_type !== kind || typeof payload.sub !== 'string') return null;
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

/** An opaque random token (refresh tokens, codes, sign-on sessions) and the hash we store. */
export function opaqueToken(): string {
  return randomBytes(32).toString('base64url');
}
export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
