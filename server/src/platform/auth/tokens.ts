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
    return new SignJWT({
      tenant_id: claims.tenantId,
      dept_id: claims.deptId,
      role_id: claims.roleIds.join(','),
      client_id: claims.clientId,
      chain: claims.chainId,
      account: claims.account,
      token_type: 'access_token',
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setJti(randomUUID())
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
      .sign(this.key);
  }

  /** The claims of a valid, unexpired access token, or null (tampered, expired, foreign). */
  async verify(token: string): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: ISSUER, algorithms: ['HS256'] });
      if (payload.token_type !== 'access_token' || typeof payload.sub !== 'string') return null;
      const str = (v: unknown) => (typeof v === 'string' ? v : '');
      return {
        userId: payload.sub,
        tenantId: str(payload.tenant_id),
        deptId: str(payload.dept_id),
        roleIds: str(payload.role_id).split(',').filter(Boolean),
        clientId: str(payload.client_id),
        chainId: str(payload.chain),
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
