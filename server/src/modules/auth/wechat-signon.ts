import { WX_MSG, WX_STATE_TTL_SECONDS } from '@gsl/contract';
import type { Db } from '../../db/connection.js';
import { opaqueToken, sha256 } from '../../platform/auth/tokens.js';
import { AppError } from '../../platform/http/errors.js';
import type { Tenancy } from '../../platform/tenancy/tenancy.js';
import type { WechatClient } from '../../platform/wechat/wechat.js';
import { STATE_STATUS, userWxRepo, type WxState } from '../user/wx/user-wx.repo.js';
import { authRepo, type LoginUser } from './auth.repo.js';
import type { LoginAttempt, LoginService } from './login.service.js';

/** Where a WeChat sign-on returns: the portal (a sign-on session and a one-time code) or the app (the social grant). */
export type WechatFinish = 'portal' | 'client';

export interface WechatStart {
  tenantId: string;
  clientId: string;
  /** The app's registered redirect address (checked by the caller). */
  redirectUri: string;
  entryCode: string;
  sysFlag: string;
  finish: WechatFinish;
  /** WeChat's redirect: the portal's callback (finish portal) or the app's redirect address (finish client). */
  wechatRedirect: string;
}

export type WechatSignOnResult =
  | { ok: true; user: LoginUser; state: WxState }
  /** `state`: the spent state when there was one (its app parameters, for a way back to the login page). */
  | { ok: false; message: string; state?: WxState };

/** Sources the social grant accepts (BladeX names its WeChat open-platform source WECHAT_OPEN). */
const SOURCES = new Set(['wechat', 'wechat_open', 'weixin']);

/**
 * Sign-on with a bound WeChat account (specification §7 "Auth": grant type social, loginBySocial). A
 * trip starts with a sign-on state (random, single use, 5 minutes, only its hash stored) that names the
 * app, where it returns and who finishes it; WeChat sends the browser back with `code` and that state.
 * Finishing spends the state, exchanges the code for the openid, finds the account bound to it in the
 * state's tenant and admits it as a password sign-on would (lock, disabled account, tenant, journal).
 */
export class WechatSignOn {
  constructor(
    private readonly deps: {
      wechat: WechatClient;
      /** The routed handle (accounts and bindings, inside the tenant's scope). */
      db: Db;
      /** Sign-on state. */
      main: Db;
      tenancy: Tenancy;
      login: LoginService;
    },
  ) {}

  get configured(): boolean {
    return this.deps.wechat.configured;
  }

  /** A new sign-on state and WeChat's QR page for it; refuses with 微信登录未配置 when unconfigured. */
  async start(p: WechatStart): Promise<{ url: string; state: string }> {
    const state = opaqueToken();
    const url = this.deps.wechat.authorizeUrl(p.wechatRedirect, state);
    await userWxRepo.insertState(this.deps.main, {
      purpose: 'login',
      stateHash: sha256(state),
      tenantId: p.tenantId,
      clientId: p.clientId,
      redirectUri: p.redirectUri,
      entryCode: p.entryCode,
      sysFlag: p.sysFlag,
      finish: p.finish,
      expireTime: new Date(Date.now() + WX_STATE_TTL_SECONDS * 1000),
    });
    await userWxRepo.sweep(this.deps.main);
    return { url, state };
  }

  /**
   * Finishes a trip: the state must be a live sign-on state for `finish` (and, for the grant, of the
   * calling client). The state is spent whatever follows, so a code or a state works once.
   */
  async finish(p: {
    code: string;
    state: string;
    finish: WechatFinish;
    clientId?: string;
    source?: string;
    attempt: Pick<LoginAttempt, 'loginType' | 'ip' | 'userAgent'>;
  }): Promise<WechatSignOnResult> {
    if (!this.configured) return { ok: false, message: WX_MSG.notConfigured };
    if (p.source && !SOURCES.has(p.source.toLowerCase())) return { ok: false, message: WX_MSG.sourceUnknown };
    if (!p.state || p.state.length > 100) return { ok: false, message: WX_MSG.loginStateInvalid };
    const state = await userWxRepo.spendState(this.deps.main, sha256(p.state), 'login');
    if (!state || state.finish !== p.finish || (p.clientId !== undefined && state.clientId !== p.clientId))
      return { ok: false, message: WX_MSG.loginStateInvalid, state: state ?? undefined };
    const outcome = await this.signOn(p.code, state, p.attempt);
    await userWxRepo.settleState(
      this.deps.main,
      state.id,
      outcome.ok ? { status: STATE_STATUS.done } : { status: STATE_STATUS.failed, message: outcome.message },
    );
    return outcome.ok ? { ok: true, user: outcome.user, state } : { ok: false, message: outcome.message, state };
  }

  private async signOn(
    code: string,
    state: WxState,
    attempt: Pick<LoginAttempt, 'loginType' | 'ip' | 'userAgent'>,
  ): Promise<{ ok: true; user: LoginUser } | { ok: false; message: string }> {
    if (!code) return { ok: false, message: WX_MSG.cancelled };
    let openid: string;
    try {
      openid = (await this.deps.wechat.identify(code)).openid;
    } catch (err) {
      if (err instanceof AppError) return { ok: false, message: err.message };
      throw err;
    }
    const { db, tenancy, login } = this.deps;
    return tenancy.run(state.tenantId, async () => {
      const binding = await userWxRepo.findByOpenid(db, state.tenantId, openid);
      const user = binding && (await authRepo.findUserById(db, binding.userId));
      if (!user || user.tenantId !== state.tenantId) return { ok: false as const, message: WX_MSG.unboundAccount };
      const admitted = await login.admit({ ...attempt, tenantId: state.tenantId }, user);
      return admitted.ok ? { ok: true as const, user: admitted.user } : { ok: false as const, message: admitted.message };
    });
  }
}
