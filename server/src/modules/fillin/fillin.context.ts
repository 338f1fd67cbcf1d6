import type { FastifyInstance } from 'fastify';
import { FILLIN_MSG, periodName } from '@gsl/contract';
import type { Db } from '../../db/connection.js';
import type { Actor } from '../../platform/access/actor.js';
import { personalDataCipher } from '../../platform/audit/personal-data.js';
import { forbidden } from '../../platform/http/errors.js';
import { formatTime } from '../../platform/http/time.js';
import { messagePorts, messageServices } from '../message/message.module.js';
import { personBaseOf } from '../profile/person-link.js';
import { collectRepo } from './collect.repo.js';
import { collectService } from './collect.service.js';
import { supplementService } from './supplement.service.js';

/** The send code of the fill-in reminders in the message centre's records. */
export const FILLIN_SEND_CODE = 'fillin';

/** What the fill-in's route tables share. */
export function fillinContext(app: FastifyInstance) {
  const db: Db = app.db;
  const tz = app.config.timeZone;
  const cipher = () => personalDataCipher(db, { production: app.config.production });
  const thisYear = () => Number((formatTime(new Date(), tz) ?? '').slice(0, 4));
  const collect = collectService(db, cipher);
  const supplement = supplementService(db, thisYear, tz);
  const send = messageServices(messagePorts(app)).send;

  /** The person base's record of the same identity card, when the caller may read it (as member persons). */
  const personBase = (actor: Actor, certNoHash: string) => personBaseOf(db, actor, { certType: 1, certNoHash });

  /**
   * The reminder of 填报情况: one notice through the message centre's sending service to the enabled
   * accounts of the orgs not yet submitted; answers the number of accounts reached.
   */
  async function remind(actor: Actor, deptIds: string[]): Promise<number> {
    const users = await db
      .selectFrom('bladeUser as u')
      .innerJoin('bladeDept as d', 'd.id', 'u.deptId')
      .select(['u.id', 'u.realName', 'u.account', 'u.deptId', 'd.deptName'])
      .where('u.tenantId', '=', actor.tenantId)
      .where('u.deptId', 'in', deptIds)
      .where('u.isDeleted', '=', 0)
      .where('u.status', '=', 1)
      .limit(5000)
      .execute();
    if (!users.length) return 0;
    await send.create(
      db,
      actor,
      'sys',
      FILLIN_SEND_CODE,
      {
        title: FILLIN_MSG.remindTitle,
        content: '请登录门户,在“业务应用 › 委员及代表填报”中填写本会本届的常委、执委及会员代表信息并提交给工商联;商会补充信息请在“商会补充信息”中填写。',
        range: { items: [], userIds: [] },
        attachIds: [],
      },
      {
        recipients: users.map((u) => ({
          tagType: 'coc' as const,
          key: `user:${u.id}`,
          userId: String(u.id),
          name: u.realName || u.account,
          deptId: String(u.deptId),
          deptName: u.deptName ?? null,
          mobile: null,
          mobileHash: null,
          mobileEnc: null,
          email: null,
        })),
        rangeSpec: [{ tagType: 'user', deptId: null }],
      },
    );
    return users.length;
  }

  return { db, tz, cipher, thisYear, collect, collectRepo, supplement, personBase, remind, forbidden: () => forbidden(), periodName };
}
export type FillinContext = ReturnType<typeof fillinContext>;
