import { sql } from 'kysely';
import type { Db } from '../connection.js';
import { personalDataCipher } from '../../platform/audit/personal-data.js';

/** One demo send: from an org's first staff account, to the staff of the chambers (or federations) below it. */
interface DemoSend {
  from: string;
  channel: 'sys' | 'sms' | 'email';
  to: 'coc' | 'aoc';
  title: string | null;
  content: string;
  daysAgo: number;
  /** Share of recipients who have read it (notices). */
  read: number;
}

const SENDS: DemoSend[] = [
  {
    from: '江苏省工商联',
    channel: 'sys',
    to: 'aoc',
    title: '关于开展2026年度“四好商会”评选工作的通知',
    content: '各设区市工商联:\n请组织所辖商会对照“四好商会”标准开展自评,并于12月20日前将推荐名单报送省工商联会员部。',
    daysAgo: 6,
    read: 0.7,
  },
  {
    from: '南京市工商联',
    channel: 'sys',
    to: 'coc',
    title: '关于报送商会年度工作总结的通知',
    content: '各商会、协会:\n请于本月底前通过系统提交年度工作总结及下年度工作计划。',
    daysAgo: 3,
    read: 0.5,
  },
  {
    from: '南京市工商联',
    channel: 'sms',
    to: 'coc',
    title: null,
    content: '南京市工商联提醒:商会年度工作总结请于本月底前提交,谢谢配合。',
    daysAgo: 2,
    read: 0,
  },
  {
    from: '苏州市工商联',
    channel: 'email',
    to: 'coc',
    title: '苏州市民营经济发展座谈会邀请函',
    content: '<p>各商会会长:</p><p>定于下周三下午在市工商联三楼会议室召开民营经济发展座谈会,敬请拨冗出席。</p>',
    daysAgo: 1,
    read: 0,
  },
];

/**
 * Demo message history (消息中心 and 我的一天 › 消息): a few notices, an SMS and an e-mail already sent by
 * federations to the staff below them, some read. Written directly as delivered history (nothing goes
 * through the outbox). Once per database.
 */
export async function seedDemoMessages(db: Db, opts: { tenantId: string; production: boolean }): Promise<number | null> {
  const cipher = await personalDataCipher(db, { production: opts.production });
  return db.transaction().execute(async (tx) => {
    const first = await tx
      .insertInto('seedStep')
      .values({ name: 'demo-messages-v1' })
      .onConflict((oc) => oc.column('name').doNothing())
      .returning('name')
      .executeTakeFirst();
    if (!first) return null;
    let n = 0;
    for (const [i, s] of SENDS.entries()) {
      const org = await tx.selectFrom('bladeDept').select(['id', 'idPath']).where('deptName', '=', s.from).where('isDeleted', '=', 0).executeTakeFirst();
      if (!org) continue;
      const sender = await tx
        .selectFrom('bladeUser')
        .select(['id', 'realName'])
        .where('deptId', '=', org.id)
        .where('isDeleted', '=', 0)
        .orderBy('id')
        .executeTakeFirst();
      const people = await tx
        .selectFrom('bladeUser as u')
        .innerJoin('bladeDept as d', 'd.id', 'u.deptId')
        .select(['u.id', 'u.realName', 'u.account', 'u.deptId', 'u.phone', 'u.email'])
        .where('u.isDeleted', '=', 0)
        .where('u.status', '=', 1)
        .where('d.isDeleted', '=', 0)
        .where('d.idPath', 'like', `${org.idPath}%`)
        .where('d.deptCategory', s.to === 'aoc' ? '=' : 'in', s.to === 'aoc' ? [1] : [2, 3])
        .where('u.id', '!=', sender?.id ?? '0')
        .orderBy('u.id')
        .execute();
      const reachable = people.filter((p) => (s.channel === 'sys' ? true : s.channel === 'sms' ? /^1[3-9]\d{9}$/.test(p.phone ?? '') : Boolean(p.email)));
      if (!reachable.length) continue;
      const at = sql<Date>`now() - make_interval(days => ${s.daysAgo}, hours => ${i})`;
      const { id: sendId } = await tx
        .insertInto('msgSend')
        .values({
          tenantId: opts.tenantId,
          sendCode: 'notice',
          channel: s.channel,
          title: s.title,
          content: s.content,
          rangeSpec: JSON.stringify([{ tagType: s.to, deptId: String(org.id), cocUnionId: null }]),
          attachments: '[]',
          signName: s.channel === 'sms' ? s.from : null,
          segments: s.channel === 'sms' ? 1 : null,
          recipientCount: reachable.length,
          deptId: org.id,
          createUser: sender?.id ?? null,
          createUserName: sender?.realName ?? null,
          createTime: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const readUpTo = Math.floor(reachable.length * s.read);
      await tx
        .insertInto('msgRecipient')
        .values(
          reachable.map((p, k) => ({
            tenantId: opts.tenantId,
            sendId,
            userId: p.id,
            name: p.realName ?? p.account,
            deptId: p.deptId,
            tagType: s.to,
            mobileEnc: s.channel === 'sms' ? cipher.encrypt(p.phone!) : null,
            mobileHash: s.channel === 'sms' ? cipher.hash(p.phone!) : null,
            email: s.channel === 'email' ? p.email : null,
            status: 1,
            sentTime: at,
            attempts: s.channel === 'sys' ? 0 : 1,
            isRead: s.channel === 'sys' && k < readUpTo ? 1 : 0,
            readTime: s.channel === 'sys' && k < readUpTo ? at : null,
            createTime: at,
          })),
        )
        .execute();
      n++;
    }
    return n;
  });
}
