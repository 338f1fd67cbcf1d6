import {
  WX_CHECK_STATUS_NAMES,
  WX_EVENT_BOUND,
  WX_EVENT_UNBOUND,
  WX_MSG,
  WX_STATE_TTL_SECONDS,
  type WxBoundEvent,
  type WxCheckStatus,
  type WxCheckView,
  type WxQrCodeView,
  type WxStatusView,
} from '@gsl/contract';
import type { Db } from '../../../db/connection.js';
import type { Actor } from '../../../platform/access/actor.js';
import { opaqueToken, sha256 } from '../../../platform/auth/tokens.js';
import { dbErrorCode, violatedConstraint } from '../../../platform/http/db-errors.js';
import { AppError, badRequest, notFound } from '../../../platform/http/errors.js';
import { formatTime } from '../../../platform/http/time.js';
import type { Events } from '../../../platform/events/events.js';
import type { Tenancy } from '../../../platform/tenancy/tenancy.js';
import type { WechatClient, WechatIdentity } from '../../../platform/wechat/wechat.js';
import { STATE_STATUS, userWxRepo, type WxState } from './user-wx.repo.js';

/** The openid shown only in part: enough to tell two WeChat accounts apart, not to use one. */
export const maskOpenid = (openid: string) => (openid.length <= 8 ? '****' : `${openid.slice(0, 4)}****${openid.slice(-4)}`);

/** Where a binding attempt stands (check/{id}). */
function checkStatus(s: WxState): WxCheckStatus {
  if (s.status === STATE_STATUS.done) return 'bound';
  if (s.status === STATE_STATUS.failed) return 'failed';
  // Spent and still being settled counts as waiting; unspent past its time is expired.
  return !s.usedTime && s.expireTime.getTime() <= Date.now() ? 'expired' : 'waiting';
}

/** What the callback page says. */
export interface BindOutcome {
  ok: boolean;
  message: string;
  nickname?: string | null;
}

/**
 * 绑定微信 (specification §2 boundWeixin, §7 "Users" user-wx): a signed-in user asks for a QR code (a
 * binding state: random, single use, 5 minutes, theirs), opens WeChat's QR page through it, and WeChat
 * sends the browser to our callback with a code; the code's openid is bound to the state's user. One
 * WeChat account binds one account of a tenant and an account binds one WeChat account.
 */
export class UserWxService {
  constructor(
    private readonly deps: {
      /** The routed handle: bindings live with the accounts. */
      db: Db;
      tenancy: Tenancy;
      wechat: WechatClient;
      events: Events;
      timeZone: string;
    },
  ) {}

  private get main(): Db {
    return this.deps.tenancy.main;
  }

  async status(actor: Actor): Promise<WxStatusView> {
    const b = await userWxRepo.findByUser(this.deps.db, actor.tenantId, actor.userId);
    return {
      configured: this.deps.wechat.configured,
      bound: Boolean(b),
      nickname: b?.nickname ?? null,
      openid: b ? maskOpenid(b.openid) : null,
      bindTime: b ? formatTime(b.createTime, this.deps.timeZone) : null,
    };
  }

  /** A new binding attempt; `callbackUrl` is where WeChat sends the browser back. */
  async qrCode(actor: Actor, callbackUrl: string): Promise<WxQrCodeView> {
    if (!this.deps.wechat.configured) throw badRequest(WX_MSG.notConfigured);
    if (await userWxRepo.findByUser(this.deps.db, actor.tenantId, actor.userId)) throw badRequest(WX_MSG.alreadyBound);
    const state = opaqueToken();
    const url = this.deps.wechat.authorizeUrl(callbackUrl, state);
    const expireTime = new Date(Date.now() + WX_STATE_TTL_SECONDS * 1000);
    const id = await userWxRepo.insertState(this.main, {
      purpose: 'bind',
      stateHash: sha256(state),
      tenantId: actor.tenantId,
      userId: actor.userId,
      expireTime,
    });
    await userWxRepo.sweep(this.main);
    return { id, url, expireTime: formatTime(expireTime, this.deps.timeZone)! };
  }

  /** The caller's own attempt; anyone else's is 404, like a missing one. */
  async check(actor: Actor, id: string): Promise<WxCheckView> {
    const s = await userWxRepo.findOwnBindState(this.main, id, actor.tenantId, actor.userId);
    if (!s) throw notFound();
    const status = checkStatus(s);
    return {
      id: String(s.id),
      status,
      statusName: WX_CHECK_STATUS_NAMES[status],
      message: status === 'failed' ? s.message : null,
      nickname: status === 'bound' ? s.nickname : null,
      expireTime: formatTime(s.expireTime, this.deps.timeZone)!,
    };
  }

  async unbind(actor: Actor): Promise<void> {
    await this.deps.db.transaction().execute(async (tx) => {
      if (!(await userWxRepo.removeByUser(tx, actor.tenantId, actor.userId))) throw badRequest(WX_MSG.notBound);
      await this.deps.events.publish(tx, [{ tenantId: actor.tenantId, userId: actor.userId, type: WX_EVENT_UNBOUND, data: {} }]);
    });
  }

  /**
   * WeChat's redirect (public: the browser arrives from WeChat without our token; the state names the
   * user). The state is spent first, so it works once however the rest goes; the outcome is recorded on
   * it for check/{id} and announced to the user's open pages.
   */
  async complete(code: string, state: string): Promise<BindOutcome> {
    if (!state || state.length > 100) return { ok: false, message: WX_MSG.stateMissing };
    const hash = sha256(state);
    const spent = await userWxRepo.spendState(this.main, hash, 'bind');
    if (!spent) {
      const found = await userWxRepo.findState(this.main, hash, 'bind');
      return { ok: false, message: !found ? WX_MSG.stateMissing : found.usedTime ? WX_MSG.stateUsed : WX_MSG.stateExpired };
    }
    let outcome: BindOutcome;
    try {
      if (!code) throw badRequest(WX_MSG.cancelled);
      const who = await this.deps.wechat.identify(code);
      await this.deps.tenancy.run(spent.tenantId, () => this.bind(spent.tenantId, spent.userId!, who));
      outcome = { ok: true, message: WX_MSG.bindOk, nickname: who.nickname };
    } catch (err) {
      if (!(err instanceof AppError)) {
        await userWxRepo.settleState(this.main, spent.id, { status: STATE_STATUS.failed, message: WX_MSG.busy });
        throw err;
      }
      outcome = { ok: false, message: err.message };
    }
    // The state is on the main database and the event on the tenant's: the event goes last, so a page
    // that reads check/{id} on hearing it finds the outcome.
    await userWxRepo.settleState(
      this.main,
      spent.id,
      outcome.ok ? { status: STATE_STATUS.done, nickname: outcome.nickname } : { status: STATE_STATUS.failed, message: outcome.message },
    );
    const event: WxBoundEvent = { id: String(spent.id), status: outcome.ok ? 'bound' : 'failed' };
    await this.deps.tenancy.run(spent.tenantId, () =>
      this.deps.db
        .transaction()
        .execute((tx) => this.deps.events.publish(tx, [{ tenantId: spent.tenantId, userId: spent.userId!, type: WX_EVENT_BOUND, data: event }])),
    );
    return outcome;
  }

  /** Binds the openid to the user in one transaction; the unique indexes settle a race between two callbacks. */
  private async bind(tenantId: string, userId: string, who: WechatIdentity): Promise<void> {
    await this.deps.db.transaction().execute(async (tx) => {
      if (!(await userWxRepo.findLiveUser(tx, tenantId, userId))) throw badRequest(WX_MSG.accountGone);
      const taken = await userWxRepo.findByOpenid(tx, tenantId, who.openid);
      // A removed account's binding is let go (removing an account does not know of bindings); a disabled
      // account keeps its own, as it may be enabled again.
      if (taken && String(taken.userId) !== String(userId) && !(await userWxRepo.userExists(tx, taken.userId))) await userWxRepo.removeById(tx, taken.id);
      else if (taken) throw badRequest(String(taken.userId) === String(userId) ? WX_MSG.alreadyBound : WX_MSG.takenByOther);
      if (await userWxRepo.findByUser(tx, tenantId, userId)) throw badRequest(WX_MSG.alreadyBound);
      try {
        await userWxRepo.insertBinding(tx, { tenantId, userId, openid: who.openid, unionid: who.unionid, nickname: who.nickname });
      } catch (err) {
        if (dbErrorCode(err) !== '23505') throw err;
        throw badRequest(violatedConstraint(err) === 'uk_user_wx_openid' ? WX_MSG.takenByOther : WX_MSG.alreadyBound);
      }
    });
  }
}
