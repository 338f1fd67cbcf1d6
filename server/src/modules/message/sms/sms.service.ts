import { randomInt } from 'node:crypto';
import { MESSAGE_MSG, type SourceView } from '@gsl/contract';
import type { Db } from '../../../db/connection.js';
import type { Actor } from '../../../platform/access/actor.js';
import { badRequest } from '../../../platform/http/errors.js';
import type { MessagePorts } from '../message.ports.js';
import { smsRepo } from './sms.repo.js';

export const CODE_JOB_KIND = 'msg.sms-code';
/** Quiet hours when an org has set none (the issue's default; 短信签名与额度 changes them per org). */
export const DEFAULT_QUIET = { start: '21:00', end: '08:00' };
/** China keeps one time zone without daylight saving: quiet hours are read at UTC+8. */
const CHINA_OFFSET_MIN = 8 * 60;

export interface SmsSource {
  deptId: string;
  unionId: string | null;
  deptName: string | null;
  signName: string | null;
  dailyQuota: number;
  usedToday: number;
  quietStart: string | null;
  quietEnd: string | null;
  configured: boolean;
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * When an SMS sent at `now` may go out: null at once, or the end of the org's quiet hours. A window
 * may cross midnight (21:00–08:00) or not (12:00–14:00); equal ends mean no quiet hours.
 */
export function quietUntil(window: { quietStart: string | null; quietEnd: string | null }, now: Date): Date | null {
  const start = window.quietStart ?? DEFAULT_QUIET.start;
  const end = window.quietEnd ?? DEFAULT_QUIET.end;
  if (!start || !end || start === end) return null;
  const s = minutesOf(start);
  const e = minutesOf(end);
  const local = (((now.getUTCHours() * 60 + now.getUTCMinutes() + CHINA_OFFSET_MIN) % 1440) + 1440) % 1440;
  const quiet = s < e ? local >= s && local < e : local >= s || local < e;
  if (!quiet) return null;
  const wait = (e - local + 1440) % 1440;
  const at = new Date(now.getTime() + wait * 60_000);
  at.setUTCSeconds(0, 0);
  return at;
}

/** What checking a code came to: right (now used), wrong (a try counted), or no live code (expired, used or burnt). */
export type CodeOutcome = 'ok' | 'wrong' | 'expired';

/** The message for a code that was not right, or null. */
export function codeProblem(outcome: CodeOutcome): string | null {
  if (outcome === 'wrong') return MESSAGE_MSG.codeWrong;
  if (outcome === 'expired') return MESSAGE_MSG.codeExpired;
  return null;
}

/**
 * The one-time codes of phone binding (sms/code, sms/validate), also used by the modules that bind a
 * phone (个人中心): issued, stored only as keyed hashes, checked once.
 */
export function codeService(ports: Pick<MessagePorts, 'cipher' | 'outbox' | 'codeRules'>) {
  /**
   * Checks a code inside the caller's transaction: right once (then used), a wrong try counts, `maxTries`
   * wrong ones burn it. The caller commits what this wrote whatever the outcome (so a wrong try is
   * counted) and refuses the request after the commit (codeProblem).
   */
  async function checkCode(tx: Db, mobile: string, code: string): Promise<CodeOutcome> {
    const cipher = await ports.cipher();
    const live = await smsRepo.liveCode(tx, cipher.hash(mobile));
    if (!live || live.expired) return 'expired';
    if (live.codeHash === cipher.hash(`${mobile}:${code}`)) {
      await smsRepo.setCodeState(tx, String(live.id), { state: 1 });
      return 'ok';
    }
    const tries = live.tries + 1;
    await smsRepo.setCodeState(tx, String(live.id), { tries, state: tries >= ports.codeRules.maxTries ? 2 : 0 });
    return tries >= ports.codeRules.maxTries ? 'expired' : 'wrong';
  }

  return {
    /**
     * A one-time code for binding a phone: 6 digits, valid `ttlSeconds`, one per `resendSeconds` and at
     * most `perDay` a day per number. Only a keyed hash of the code is stored; the SMS goes through the outbox.
     */
    async issueCode(db: Db, actor: Actor, mobile: string) {
      const { ttlSeconds, resendSeconds, perDay } = ports.codeRules;
      const cipher = await ports.cipher();
      const mobileHash = cipher.hash(mobile);
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await db.transaction().execute(async (tx) => {
        // Serialise a number's requests so two at once cannot both pass the spacing check.
        await smsRepo.lockNumber(tx, mobileHash);
        const recent = await smsRepo.recentCodes(tx, mobileHash);
        if (recent.last) {
          const waited = (Date.now() - recent.last.getTime()) / 1000;
          if (waited < resendSeconds) throw badRequest(MESSAGE_MSG.codeTooSoon(Math.ceil(resendSeconds - waited)));
        }
        if (recent.today >= perDay) throw badRequest(MESSAGE_MSG.codeDailyLimit);
        await smsRepo.issueCode(tx, { tenantId: actor.tenantId, mobileHash, codeHash: cipher.hash(`${mobile}:${code}`), userId: actor.userId, ttlSeconds });
        await ports.outbox.enqueue(tx, [
          {
            tenantId: actor.tenantId,
            kind: CODE_JOB_KIND,
            payload: { mobile: cipher.encrypt(mobile), code: cipher.encrypt(code), minutes: Math.round(ttlSeconds / 60) },
            maxAttempts: 3,
          },
        ]);
      });
      return { expiresIn: ttlSeconds, resendIn: resendSeconds };
    },

    checkCode,

    /** Checks a code on its own (sms/validate): right once (then used), a wrong try counts, `maxTries` wrong ones burn it. */
    async validateCode(db: Db, mobile: string, code: string): Promise<void> {
      const problem = codeProblem(await db.transaction().execute((tx) => checkCode(tx, mobile, code)));
      if (problem) throw badRequest(problem);
    },
  };
}

export function smsService(ports: Pick<MessagePorts, 'cipher' | 'outbox' | 'smsDefaults' | 'codeRules'>) {
  async function sourceFor(db: Db, deptId: string): Promise<SmsSource> {
    const row = await smsRepo.source(db, deptId);
    if (!row)
      return {
        deptId,
        unionId: null,
        deptName: null,
        signName: ports.smsDefaults.signName,
        dailyQuota: ports.smsDefaults.dailyQuota,
        usedToday: 0,
        quietStart: null,
        quietEnd: null,
        configured: false,
      };
    return {
      deptId: String(row.deptId),
      unionId: row.unionId ?? null,
      deptName: row.deptName ?? null,
      signName: row.signName || ports.smsDefaults.signName || row.deptName,
      dailyQuota: row.dailyQuota ?? ports.smsDefaults.dailyQuota,
      usedToday: Number(row.usedToday ?? 0),
      quietStart: row.configured ? (row.quietStart ?? '') : DEFAULT_QUIET.start,
      quietEnd: row.configured ? (row.quietEnd ?? '') : DEFAULT_QUIET.end,
      configured: Boolean(row.configured),
    };
  }

  return {
    sourceFor,

    quietUntil: (source: SmsSource, now: Date) => quietUntil(source, now),

    takeQuota: (tx: Db, source: SmsSource, n: number) => smsRepo.takeQuota(tx, source.deptId, n, source.dailyQuota),

    view(s: SmsSource): SourceView {
      return {
        deptId: s.deptId,
        unionId: s.unionId,
        deptName: s.deptName,
        signName: s.signName,
        dailyQuota: s.dailyQuota,
        usedToday: s.usedToday,
        remainingToday: Math.max(0, s.dailyQuota - s.usedToday),
        quietStart: s.quietStart || null,
        quietEnd: s.quietEnd || null,
        configured: s.configured,
      };
    },

    deptIdOfUnion: (db: Db, tenantId: string, unionId: string) => smsRepo.deptIdOfUnion(db, tenantId, unionId),

    async save(db: Db, actor: Actor, v: { deptId: string; signName: string; dailyQuota: number; quietStart: string; quietEnd: string }) {
      await db.transaction().execute((tx) =>
        smsRepo.saveSource(tx, {
          deptId: v.deptId,
          tenantId: actor.tenantId,
          signName: v.signName || null,
          dailyQuota: v.dailyQuota,
          quietStart: v.quietStart || null,
          quietEnd: v.quietEnd || null,
          userId: actor.userId,
        }),
      );
    },

    ...codeService(ports),
  };
}
