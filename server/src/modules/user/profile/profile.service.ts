import { MYCENTER_MSG, STALE_VERSION_MSG, avatarPublicId, maskPhone, type BindMobile, type MyProfileChanges, type PageQuery } from '@gsl/contract';
import type { Db } from '../../../db/connection.js';
import type { Actor } from '../../../platform/access/actor.js';
import type { PersonalDataCipher } from '../../../platform/audit/personal-data.js';
import { badRequest, notFound } from '../../../platform/http/errors.js';
import { codeProblem, type CodeOutcome, type codeService } from '../../message/sms/sms.service.js';
import { profileRepo, type MyProfileRow } from './profile.repo.js';

export interface ProfilePorts {
  cipher(): Promise<PersonalDataCipher>;
  /** The message centre's one-time codes (sms/code, sms/validate): issued and checked the same way. */
  codes: Pick<ReturnType<typeof codeService>, 'issueCode' | 'checkCode'>;
  /** How long a verified current number stays good for step 2 of 更换手机号. */
  stepSeconds: number;
}

/**
 * 个人中心: the caller's own profile and phone. Nothing here takes an account id — the token names the
 * account — so there is no other account to reach.
 */
export function profileService(ports: ProfilePorts) {
  async function own(db: Db, actor: Actor): Promise<MyProfileRow> {
    const row = await profileRepo.findOwn(db, actor.tenantId, actor.userId);
    if (!row) throw notFound();
    return row;
  }

  return {
    info: own,

    /** userProfile/update: the fields given, at the version read (module guide §5). */
    async update(db: Db, actor: Actor, input: MyProfileChanges): Promise<MyProfileRow> {
      const current = await own(db, actor);
      // A new avatar must be an avatar this user uploaded (put-file-attach?category=avatar checked jpg/png
      // and 500 KB, §5); the one stored already may come back unchanged.
      if (input.avatar && input.avatar !== current.avatar) {
        const publicId = avatarPublicId(input.avatar);
        if (!publicId || !(await profileRepo.ownAvatarUpload(db, actor.tenantId, actor.userId, publicId))) throw badRequest(MYCENTER_MSG.avatarInvalid);
      }
      const values = Object.fromEntries(
        Object.entries({ realName: input.realName, name: input.name, sex: input.sex, email: input.email, avatar: input.avatar }).filter(
          ([, v]) => v !== undefined,
        ),
      );
      const updated = await db.transaction().execute((tx) => profileRepo.updateOwn(tx, actor.tenantId, actor.userId, input.version, values));
      if (!updated) throw badRequest(STALE_VERSION_MSG);
      return own(db, actor);
    },

    /** mobile/current/code: a code to the number bound now (更换手机号, step 1), shown masked. */
    async codeToCurrent(db: Db, actor: Actor) {
      const { phone } = await own(db, actor);
      if (!phone) throw badRequest(MYCENTER_MSG.noPhone);
      return { phone: maskPhone(phone)!, ...(await ports.codes.issueCode(db, actor, phone)) };
    },

    /** mobile/current/validate: the code to the number bound now; right, the server remembers the step for a few minutes. */
    async verifyCurrent(db: Db, actor: Actor, code: string) {
      const cipher = await ports.cipher();
      const outcome = await db.transaction().execute(async (tx) => {
        const me = await profileRepo.lockOwn(tx, actor.tenantId, actor.userId);
        if (!me) throw notFound();
        if (!me.phone) throw badRequest(MYCENTER_MSG.noPhone);
        const outcome = await ports.codes.checkCode(tx, me.phone, code);
        if (outcome === 'ok')
          await profileRepo.rememberStep(tx, { userId: actor.userId, tenantId: actor.tenantId, mobileHash: cipher.hash(me.phone), seconds: ports.stepSeconds });
        return outcome;
      });
      // After the commit, so a wrong try stays counted.
      const problem = codeProblem(outcome);
      if (problem) throw badRequest(problem);
      return { expiresIn: ports.stepSeconds };
    },

    /**
     * blade-user/mobile: binds the number (no phone yet) or changes to it (the number bound now verified
     * first, step 1), with a code sent to it by sms/code. One transaction: the step, the number's lock,
     * the code (one use) and the phone; a number another account of the tenant holds is refused.
     */
    async bind(db: Db, actor: Actor, input: BindMobile): Promise<{ row: MyProfileRow; changed: boolean }> {
      const cipher = await ports.cipher();
      let changed = false;
      const outcome = await db.transaction().execute(async (tx): Promise<CodeOutcome | 'taken'> => {
        const me = await profileRepo.lockOwn(tx, actor.tenantId, actor.userId);
        if (!me) throw notFound();
        if (me.phone) {
          if (me.phone === input.mobile) throw badRequest(MYCENTER_MSG.mobileSame);
          const step = await profileRepo.step(tx, actor.tenantId, actor.userId);
          // The step verified the number bound now; one for a number since replaced does not count.
          if (!step || step.mobileHash !== cipher.hash(me.phone)) throw badRequest(MYCENTER_MSG.verifyCurrentFirst);
          if (step.expired) throw badRequest(MYCENTER_MSG.verifyExpired);
          changed = true;
        }
        await profileRepo.lockPhone(tx, actor.tenantId, cipher.hash(input.mobile));
        // The code first: whether a number is bound to someone is told only to whoever received its code.
        const outcome = await ports.codes.checkCode(tx, input.mobile, input.code);
        if (outcome !== 'ok') return outcome;
        if (await profileRepo.phoneTaken(tx, actor.tenantId, input.mobile, actor.userId)) return 'taken';
        await profileRepo.setPhone(tx, actor.tenantId, actor.userId, input.mobile);
        await profileRepo.dropStep(tx, actor.userId);
        return outcome;
      });
      if (outcome === 'taken') throw badRequest(MYCENTER_MSG.mobileTaken);
      const problem = codeProblem(outcome);
      if (problem) throw badRequest(problem);
      return { row: await own(db, actor), changed };
    },

    loginPage: (db: Db, actor: Actor, page: PageQuery, filters: Record<string, unknown>) =>
      profileRepo.loginPage(db, actor.tenantId, actor.userId, page, filters),
  };
}
export type ProfileService = ReturnType<typeof profileService>;
