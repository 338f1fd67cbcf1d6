import { AUTH_MSG } from '@gsl/contract';
import type { Db } from '../../db/connection.js';
import type { AppConfig } from '../../platform/config/config.js';
import { checkPassword, hashPassword, verifyPassword } from '../../platform/auth/password.js';
import { tenantProblem } from '../../platform/access/tenant.js';
import { authRepo, type LoginUser } from './auth.repo.js';
import type { CaptchaService } from './captcha.service.js';

export interface LoginAttempt {
  tenantId: string;
  account: string;
  password: string;
  /** The captcha answered (sign-on page's form; Captcha-Key / Captcha-Code headers of the token call). */
  captcha?: { key?: string; code?: string };
  /** wechat: the sign-on portal's WeChat QR sign-on; social: the social grant (a client's own WeChat redirect). */
  loginType: 'sso' | 'sso_code' | 'password' | 'captcha' | 'wechat' | 'social';
  ip: string;
  userAgent: string;
}

/** What the journal records of an attempt. */
type LogAttempt = Pick<LoginAttempt, 'tenantId' | 'account' | 'loginType' | 'ip' | 'userAgent'>;

export type LoginResult = { ok: true; user: LoginUser } | { ok: false; message: string; captchaRequired: boolean };

const lockedMessage = (until: Date) =>
  `${AUTH_MSG.tooManyFailures}(账号已锁定,${Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60000))}分钟后自动解锁)`;

/**
 * Password sign-on with the lockout rule: five failures lock the account for
 * LOGIN_LOCK_MINUTES; every attempt is logged. After a failure the account needs a captcha on every
 * path (sign-on page, password and captcha grants) until a sign-on succeeds: the password grant is
 * no way around the page's captcha.
 */
export class LoginService {
  private dummyHash: Promise<string> | null = null;
  /** `db` reads accounts (routed: call inside the tenant's scope); `main` holds the tenants. */
  constructor(
    private readonly db: Db,
    private readonly main: Db,
    private readonly config: AppConfig,
    private readonly captcha: CaptchaService,
  ) {}

  async authenticate(a: LoginAttempt): Promise<LoginResult> {
    const account = a.account.trim();
    if (!account) return { ok: false, message: AUTH_MSG.accountRequired, captchaRequired: false };
    if (!a.password) return { ok: false, message: AUTH_MSG.passwordRequired, captchaRequired: false };
    if (account.length > 45 || a.password.length > 128) return this.fail(a, undefined, AUTH_MSG.badCredentials, true);
    const user = await authRepo.findUserByAccount(this.db, a.tenantId, account);

    if (user?.lockedUntil && user.lockedUntil.getTime() > Date.now()) {
      return this.fail(a, user, lockedMessage(user.lockedUntil), true);
    }
    // A lock that has run out leaves locked_until set (and the count reset): still a captcha until a success.
    const failedBefore = !!user && (user.loginFailCount > 0 || user.lockedUntil !== null);
    const captchaNeeded = a.loginType === 'captcha' || failedBefore || !!a.captcha?.key;
    if (captchaNeeded) {
      if (!a.captcha?.code?.trim()) return { ok: false, message: AUTH_MSG.captchaRequired, captchaRequired: true };
      if (!(await this.captcha.check(a.captcha.key, a.captcha.code))) return this.fail(a, user, AUTH_MSG.captchaWrong, true);
    }
    if (!user) {
      await verifyPassword(await this.dummy(), a.password); // same cost whether or not the account exists
      return this.fail(a, undefined, AUTH_MSG.badCredentials, true);
    }
    const check = await checkPassword(user.passwordHash, a.password);
    if (!check.ok) {
      const after = await authRepo.recordFailure(this.db, user.id, this.config.loginMaxFailures, this.config.loginLockMinutes);
      const locked = after?.lockedUntil && after.lockedUntil.getTime() > Date.now();
      return this.fail(a, user, locked ? lockedMessage(after.lockedUntil!) : AUTH_MSG.badCredentials, true);
    }
    if (user.status !== 1) return this.fail(a, user, AUTH_MSG.disabled, false);
    const tenant = await tenantProblem(this.main, user.tenantId);
    if (tenant) return this.fail(a, user, tenant, false);
    if (user.loginFailCount > 0 || user.lockedUntil) await authRepo.clearFailures(this.db, user.id);
    // An older hash over the password itself becomes the md5 form BladeX clients can sign on with too.
    if (check.rehash) await authRepo.upgradePasswordHash(this.db, user.id, user.passwordHash, await hashPassword(a.password));
    await this.log(a, user, true, null);
    return { ok: true, user };
  }

  /**
   * A sign-on proven otherwise than by the password (a bound WeChat account, specification §7 "Auth"
   * grant type social): the same refusals as a password sign-on — a locked or disabled account, an
   * expired or disabled tenant — and the same journal. A lock from failed passwords stays: WeChat does
   * not clear it, so it cannot be used to get round it either.
   */
  async admit(a: Pick<LoginAttempt, 'tenantId' | 'loginType' | 'ip' | 'userAgent'>, user: LoginUser): Promise<LoginResult> {
    const attempt = { ...a, account: user.account };
    if (user.lockedUntil && user.lockedUntil.getTime() > Date.now()) return this.fail(attempt, user, lockedMessage(user.lockedUntil), false);
    if (user.status !== 1) return this.fail(attempt, user, AUTH_MSG.disabled, false);
    const tenant = await tenantProblem(this.main, user.tenantId);
    if (tenant) return this.fail(attempt, user, tenant, false);
    await this.log(attempt, user, true, null);
    return { ok: true, user };
  }

  private async fail(a: LogAttempt, user: LoginUser | undefined, message: string, captchaRequired: boolean): Promise<LoginResult> {
    await this.log(a, user, false, message);
    return { ok: false, message, captchaRequired };
  }

  log(a: LogAttempt, user: Pick<LoginUser, 'id' | 'deptId' | 'tenantId'> | undefined, success: boolean, message: string | null) {
    return authRepo.loginLog(this.db, {
      tenantId: user?.tenantId ?? a.tenantId,
      userId: user?.id ?? null,
      account: a.account,
      deptId: user?.deptId ?? null,
      loginType: a.loginType,
      success,
      message,
      remoteIp: a.ip,
      userAgent: a.userAgent,
    });
  }

  private dummy(): Promise<string> {
    return (this.dummyHash ??= hashPassword(`no-such-user-${Math.random()}`));
  }
}
