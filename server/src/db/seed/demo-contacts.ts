import type { Db } from '../connection.js';
import { demoStep } from './demo-people.js';

/** [org, tag, name, sex, post, phone]: people in a book without an account (README deviation 44). */
const CONTACTS: Array<[string, 'aoc' | 'coc', string, number, string, string]> = [
  ['苏州市工商联', 'aoc', '顾文涛', 1, '驻会联络员', '13962110021'],
  ['苏州市工商联', 'aoc', '沈佳怡', 2, '办公室文员', '13962110022'],
  ['苏州市丝绸行业商会', 'coc', '陆建明', 1, '秘书处联络人', '13962110023'],
];

/** A few contact-only entries in the demo's address books, after each book's accounts. */
export async function seedDemoContacts(db: Db, opts: { tenantId: string }): Promise<number | null> {
  return demoStep(db, 727041, 'demo-contacts-v1', async (tx) => {
    const depts = await tx
      .selectFrom('bladeDept')
      .select(['id', 'deptName'])
      .where('deptName', 'in', [...new Set(CONTACTS.map((c) => c[0]))])
      .where('isDeleted', '=', 0)
      .execute();
    const idOf = new Map(depts.map((d) => [d.deptName, String(d.id)]));
    const rows = CONTACTS.filter((c) => idOf.has(c[0])).map(([org, profileTag, realName, sex, postName, phone], i) => ({
      tenantId: opts.tenantId,
      deptId: idOf.get(org)!,
      profileTag,
      realName,
      sex,
      postName,
      phone,
      seq: 900 + i,
    }));
    if (rows.length) await tx.insertInto('aocOrgContact').values(rows).execute();
    return rows.length;
  });
}
