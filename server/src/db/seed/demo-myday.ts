import { sql } from 'kysely';
import type { Db } from '../connection.js';
import { demoStep } from './demo-people.js';

/** [note, reminder in days from the seeding day (null: none)] of each demo account. */
const NOTES: Record<string, Array<[string, number | null]>> = {
  admin: [
    ['核对本月新增租户的授权菜单', 0],
    ['整理版本更新日志,周五前发布', 3],
  ],
  js_aoc: [
    ['汇总各设区市“四好商会”推荐名单', 0],
    ['联系省民营企业家协会确认座谈会议程', 2],
    ['年度工作总结初稿已完成,待处长审阅', null],
  ],
  nj_aoc: [
    ['审核所辖商会2025年度年报', 0],
    ['准备理事会会议材料(议程、签到表)', 1],
    ['玄武区工商联换届工作,下周电话沟通', null],
  ],
  nj_coc: [
    ['提交商会年度工作总结及下年度工作计划', 0],
    ['更新会员企业联系人电话', 5],
  ],
};

/**
 * Demo notes (我的一天 › 记事本) of the fixed demo accounts, some with a reminder today, so My day shows
 * today's notes on the first sign-in. Once per database.
 */
export async function seedDemoNotes(db: Db, opts: { tenantId: string }): Promise<number | null> {
  return demoStep(db, 727027, 'demo-myday-v1', async (tx) => {
    const users = await tx
      .selectFrom('bladeUser')
      .select(['id', 'account', 'deptId'])
      .where('account', 'in', Object.keys(NOTES))
      .where('isDeleted', '=', 0)
      .execute();
    const rows = users.flatMap((u) =>
      NOTES[u.account].map(([content, days], i) => ({
        tenantId: opts.tenantId,
        userId: u.id,
        content,
        remindDate: days === null ? null : sql<string>`current_date + ${days}::int`,
        createUser: u.id,
        createDept: u.deptId,
        updateUser: u.id,
        createTime: sql<Date>`now() - make_interval(hours => ${NOTES[u.account].length - i})`,
      })),
    );
    if (rows.length) await tx.insertInto('aocNotepad').values(rows).execute();
    return rows.length;
  });
}
