import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { TokenAnswer } from '@gsl/contract';
import type { Db } from '../../db/connection.js';
import type { ClientRow } from '../../platform/auth/client.js';
import { opaqueToken, sha256, type TokenSigner } from '../../platform/auth/tokens.js';
import { authRepo, type LoginUser } from './auth.repo.js';
import { orgNames } from './org-names.js';

export interface IssueOptions {
  chainId?: string;
  /** Role-Id header on refresh: narrow to one of the user's roles. */
  roleId?: string;
  /** The sign-on session the chain comes from (its code's), ended when the chain is revoked. */
  ssoSession?: string | null;
}

/** Access tokens (JWT), rotating refresh tokens and one-time sign-on codes (wire contract §4). */
export class TokenService {
  /** `db` reads accounts (routed to the tenant's datasource); `main` holds the sign-on state. */
  constructor(
    private readonly db: Db,
    private readonly main: Db,
    private readonly signer: TokenSigner,
    private readonly codeTtlSeconds: number,
  ) {}

  async issue(user: LoginUser, client: ClientRow, opts: IssueOptions = {}): Promise<TokenAnswer> {
    const roles = await authRepo.rolesOf(this.db, user.id);
    const chosen = opts.roleId && roles.some((r) => r.id === opts.roleId) ? roles.filter((r) => r.id === opts.roleId) : roles;
    const dept = await authRepo.deptOf(this.db, user.deptId);
    const chainId = opts.chainId ?? randomUUID();
    const roleIds = chosen.map((r) => r.id);
    const refresh = opaqueToken();
    await this.main
      .insertInto('authRefreshToken')
      .values({
        tokenHash: sha256(refresh),
        chainId,
        clientId: client.clientId,
        userId: user.id,
        tenantId: user.tenantId,
        deptId: user.deptId,
        roleIds: roleIds.join(','),
        expireTime: new Date(Date.now() + client.refreshTokenValidity * 1000),
        ssoSessionHash: opts.ssoSession ?? null,
      })
      .execute();
    const access = await this.signer.sign(
      { userId: user.id, tenantId: user.tenantId, deptId: user.deptId, roleIds, clientId: client.clientId, chainId, account: user.account },
      client.accessTokenValidity,
    );
    const names = dept ? orgNames(dept) : { orgName: '', chamberName: '' };
    return {
      access_token: access,
      refresh_token: refresh,
      token_type: 'bearer',
      expires_in: client.accessTokenValidity,
      tenant_id: user.tenantId,
      user_id: user.id,
      dept_id: user.deptId,
      role_id: roleIds.join(','),
      post_id: user.postId ?? '',
      account: user.account,
      user_name: user.account,
      nick_name: user.name ?? user.realName ?? user.account,
      real_name: user.realName ?? user.account,
      role_name: chosen.map((r) => r.roleAlias).join(','),
      avatar: user.avatar ?? '',
      detail: { type: 'web', deptName: dept?.deptName ?? '', orgName: names.orgName, profileTag: user.profileTag ?? '', unionId: dept?.unionId ?? null },
    };
  }

  /** A one-time code; `ssoSession` (the session's id hash) links what the code yields to the sign-on session. */
  async createCode(userId: string, tenantId: string, clientId: string, redirectUri: string, ssoSession: string | null = null): Promise<string> {
    const code = opaqueToken();
    await this.main
      .insertInto('authCode')
      .values({
        codeHash: sha256(code),
        clientId,
        userId,
        tenantId,
        redirectUri,
        expireTime: new Date(Date.now() + this.codeTtlSeconds * 1000),
        ssoSessionHash: ssoSession,
      })
      .execute();
    return code;
  }

  /**
   * The user (and tenant, and sign-on session) a one-time code was issued for; the code is spent
   * whether or not it was still valid. A code whose sign-on session has ended since (a logout, a
   * revoked chain of the same session) is refused: it must not sign the user straight back in.
   */
  async redeemCode(code: string, clientId: string): Promise<{ userId: string; tenantId: string | null; ssoSession: string | null } | null> {
    if (!code || code.length > 100) return null;
    const row = await this.main
      .updateTable('authCode')
      .set({ usedTime: sql<Date>`now()` })
      .where('codeHash', '=', sha256(code))
      .where('usedTime', 'is', null)
      .returning(['userId', 'tenantId', 'clientId', 'expireTime', 'ssoSessionHash'])
      .executeTakeFirst();
    if (!row || row.clientId !== clientId || row.expireTime.getTime() <= Date.now()) return null;
    if (row.ssoSessionHash) {
      const live = await this.main
        .selectFrom('authSsoSession')
        .select('idHash')
        .where('idHash', '=', row.ssoSessionHash)
        .where('endTime', 'is', null)
        .where('expireTime', '>', sql<Date>`now()`)
        .executeTakeFirst();
      if (!live) return null;
    }
    return { userId: row.userId, tenantId: row.tenantId, ssoSession: row.ssoSessionHash };
  }

  /**
   * Rotates a refresh token: each works once. Presenting a spent one revokes its whole chain,
   * so a stolen token is useless once either party has used it (wire contract §4).
   */
  async rotate(raw: string, clientId: string): Promise<{ userId: string; chainId: string; tenantId: string; ssoSessionHash: string | null } | null> {
    if (!raw || raw.length > 100) return null;
    const hash = sha256(raw);
    const row = await this.main
      .updateTable('authRefreshToken')
      .set({ usedTime: sql<Date>`now()` })
      .where('tokenHash', '=', hash)
      .where('usedTime', 'is', null)
      .where('revokedTime', 'is', null)
      .where('expireTime', '>', sql<Date>`now()`)
      .where('clientId', '=', clientId)
      // A successor issued while its chain was being revoked (a refresh racing a reuse or a logout)
      // was inserted after the revocation marked the rows: the chain table is the authority.
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('authRevokedChain as c').select('c.chainId').whereRef('c.chainId', '=', 'authRefreshToken.chainId'))),
      )
      .returning(['userId', 'chainId', 'tenantId', 'ssoSessionHash'])
      .executeTakeFirst();
    if (row) return row;
    const spent = await this.main.selectFrom('authRefreshToken').select(['chainId', 'usedTime']).where('tokenHash', '=', hash).executeTakeFirst();
    if (spent?.usedTime) await this.revokeChain(spent.chainId, 'reuse');
    return null;
  }

  /** Ends a sign-on session (by its id hash): its cookie no longer signs anyone on. */
  async endSsoSession(idHash: string): Promise<void> {
    await this.main
      .updateTable('authSsoSession')
      .set({ endTime: sql<Date>`now()` })
      .where('idHash', '=', idHash)
      .where('endTime', 'is', null)
      .execute();
  }

  /**
   * Revokes a chain (logout, reuse, a refused account or tenant) and ends the sign-on session it came
   * from, so the portal does not sign the user straight back in (wire contract §4.6).
   */
  async revokeChain(chainId: string, reason: 'logout' | 'reuse' | 'admin'): Promise<void> {
    await this.main.transaction().execute(async (tx) => {
      await tx
        .insertInto('authRevokedChain')
        .values({ chainId, reason })
        .onConflict((oc) => oc.column('chainId').doNothing())
        .execute();
      await tx
        .updateTable('authSsoSession')
        .set({ endTime: sql<Date>`now()` })
        .where('endTime', 'is', null)
        .where('idHash', 'in', (eb) =>
          eb
            .selectFrom('authRefreshToken')
            .select('ssoSessionHash')
            .where('chainId', '=', chainId)
            .where('ssoSessionHash', 'is not', null)
            .$narrowType<{ ssoSessionHash: string }>(),
        )
        .execute();
      await tx
        .updateTable('authRefreshToken')
        .set({ revokedTime: sql<Date>`now()` })
        .where('chainId', '=', chainId)
        .where('revokedTime', 'is', null)
        .execute();
    });
  }
}
