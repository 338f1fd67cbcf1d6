import { randomUUID } from 'node:crypto';
import type { TokenAnswer } from '@gsl/contract';
import type { Db } from '../../db/connection.js';
import type { ClientRow } from '../../platform/auth/client.js';
import { opaqueToken, sha256, type TokenSigner } from '../../platform/auth/tokens.js';
import { authRepo, type LoginUser } from './auth.repo.js';
import { authTokenRepo } from './auth-token.repo.js';
import { orgNames } from './org-names.js';

/**
 * The reuse interval of refresh-token rotation (README deviation 7): a just-spent refresh token presented
 * again within these seconds, before any successor of it was used, refreshes instead of revoking its chain.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 10;
/** How long a re-presented token waits for the successor its first spending is still writing. */
const PENDING_SUCCESSOR_WAIT_MS = 2000;
const PENDING_SUCCESSOR_POLL_MS = 100;

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
    private readonly reuseGraceSeconds: number = REFRESH_REUSE_GRACE_SECONDS,
  ) {}

  async issue(user: LoginUser, client: ClientRow, opts: IssueOptions = {}): Promise<TokenAnswer> {
    const roles = await authRepo.rolesOf(this.db, user.id);
    const chosen = opts.roleId && roles.some((r) => r.id === opts.roleId) ? roles.filter((r) => r.id === opts.roleId) : roles;
    const dept = await authRepo.deptOf(this.db, user.deptId);
    const chainId = opts.chainId ?? randomUUID();
    const roleIds = chosen.map((r) => r.id);
    const refresh = opaqueToken();
    await authTokenRepo.insertRefreshToken(this.main, {
      tokenHash: sha256(refresh),
      chainId,
      clientId: client.clientId,
      userId: user.id,
      tenantId: user.tenantId,
      deptId: user.deptId,
      roleIds: roleIds.join(','),
      expireTime: new Date(Date.now() + client.refreshTokenValidity * 1000),
      ssoSessionHash: opts.ssoSession ?? null,
    });
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
    await authTokenRepo.insertCode(this.main, {
      codeHash: sha256(code),
      clientId,
      userId,
      tenantId,
      redirectUri,
      expireTime: new Date(Date.now() + this.codeTtlSeconds * 1000),
      ssoSessionHash: ssoSession,
    });
    return code;
  }

  /**
   * A one-time code for the second front end (/model/#/…, possibly on another origin): issued to the
   * signed-in session behind `chainId`, linked to the same sign-on session, so it dies with it.
   */
  async createModelCode(
    actor: { userId: string; tenantId: string; clientId: string; chainId: string },
    redirectUri: string,
  ): Promise<{ code: string; expiresIn: number }> {
    const chain = await authTokenRepo.chainSsoSession(this.main, actor.chainId);
    const code = await this.createCode(actor.userId, actor.tenantId, actor.clientId, redirectUri, chain?.ssoSessionHash ?? null);
    return { code, expiresIn: this.codeTtlSeconds };
  }

  /**
   * The user (and tenant, and sign-on session) a one-time code was issued for; the code is spent
   * whether or not it was still valid. A code whose sign-on session has ended since (a logout, a
   * revoked chain of the same session) is refused: it must not sign the user straight back in.
   */
  async redeemCode(code: string, clientId: string): Promise<{ userId: string; tenantId: string | null; ssoSession: string | null } | null> {
    if (!code || code.length > 100) return null;
    const row = await authTokenRepo.spendCode(this.main, sha256(code));
    if (!row || row.clientId !== clientId || row.expireTime.getTime() <= Date.now()) return null;
    if (row.ssoSessionHash) {
      const live = await authTokenRepo.findLiveSsoSession(this.main, row.ssoSessionHash);
      if (!live) return null;
    }
    return { userId: row.userId, tenantId: row.tenantId, ssoSession: row.ssoSessionHash };
  }

  /**
   * Rotates a refresh token: each works once. Presenting a spent one revokes its whole chain,
   * so a stolen token is useless once either party has used it (wire contract §4) — except within the
   * reuse interval (README deviation 7): the chain's most recently spent token, presented again less
   * than `reuseGraceSeconds` after its spending while every successor issued from it is still unused,
   * answers as a normal refresh and withdraws those successors. That is a reload (F5) aborting a refresh
   * in flight: the server rotated, the browser never saw the successor and presents the old token again.
   *
   * Threat check: an attacker replaying a stolen, just-spent token inside the window gets a token, but
   * withdraws the legitimate client's successor; the client's next refresh presents that withdrawn token,
   * which is reuse and revokes the chain for both — detection is kept. Outside the window, after a
   * successor was used, a second re-presentation (its successors are withdrawn by then), another
   * client, a revoked chain: the chain is revoked as before.
   */
  async rotate(raw: string, clientId: string): Promise<{ userId: string; chainId: string; tenantId: string; ssoSessionHash: string | null } | null> {
    if (!raw || raw.length > 100) return null;
    const hash = sha256(raw);
    const row = await authTokenRepo.spendRefreshToken(this.main, hash, clientId);
    if (row) return row;
    const spent = await authTokenRepo.findRefreshToken(this.main, hash);
    if (!spent?.usedTime) return null;
    // The successor is written by the spending request after the spend (token.routes.ts): when the token
    // comes back before it is visible, wait a moment for it rather than fork the chain or revoke it.
    for (let waited = 0; ; waited += PENDING_SUCCESSOR_POLL_MS) {
      const reclaimed = await this.main.transaction().execute((tx) => authTokenRepo.reclaimSpentRefreshToken(tx, hash, clientId, this.reuseGraceSeconds));
      if (reclaimed.outcome === 'granted') return reclaimed.row;
      if (reclaimed.outcome === 'refused' || waited >= PENDING_SUCCESSOR_WAIT_MS) break;
      await new Promise((resolve) => setTimeout(resolve, PENDING_SUCCESSOR_POLL_MS));
    }
    await this.revokeChain(spent.chainId, 'reuse');
    return null;
  }

  /** Starts a sign-on portal session of `hours`: `sid` goes in the cookie, only its hash is stored. */
  async startSsoSession(userId: string, tenantId: string, hours: number): Promise<{ sid: string; idHash: string }> {
    const sid = opaqueToken();
    const idHash = sha256(sid);
    await authTokenRepo.insertSsoSession(this.main, { idHash, userId, tenantId, expireTime: new Date(Date.now() + hours * 3600_000) });
    return { sid, idHash };
  }

  /** Ends a sign-on session (by its id hash): its cookie no longer signs anyone on. */
  async endSsoSession(idHash: string): Promise<void> {
    await authTokenRepo.endSsoSession(this.main, idHash);
  }

  /**
   * Revokes a chain (logout, reuse, a refused account or tenant) and ends the sign-on session it came
   * from, so the portal does not sign the user straight back in (wire contract §4.6).
   */
  async revokeChain(chainId: string, reason: 'logout' | 'reuse' | 'admin'): Promise<void> {
    await this.main.transaction().execute((tx) => authTokenRepo.revokeChain(tx, chainId, reason));
  }
}
