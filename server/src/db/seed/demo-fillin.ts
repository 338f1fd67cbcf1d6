import { COLLECT_TEMPLATE_KEY, NATIONS, SUPPLEMENT_TEMPLATE_KEY, idCardCheckChar } from '@gsl/contract';
import type { Db } from '../connection.js';
import { personalDataCipher } from '../../platform/audit/personal-data.js';
import { draws, demoStep } from './demo-people.js';

const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹';
const GIVEN = ['建国', '志强', '海燕', '晓明', '丽华', '国平', '文杰', '雪梅', '德胜', '春雷', '玉兰', '俊峰'];
const COMPANIES = ['金陵电子科技有限公司', '秦淮建设集团有限公司', '紫金新材料股份有限公司', '玄武智能制造有限公司', '鼓楼商贸有限公司'];
const POSTS = ['董事长', '总经理', '副总经理', '执行董事', '监事'];

/**
 * Demo fill-in of the chambers and associations under 南京市工商联 (all but 南京市浙江商会, whose staff nj_coc
 * fills in from scratch): by turns submitted to the federation, still being filled in, and returned with a
 * reason, and every fourth not started; every other one has this year's supplement submitted. So nj_aoc's 填报情况 shows every status.
 */
export async function seedDemoFillin(db: Db, opts: { tenantId: string; production: boolean }): Promise<number | null> {
  const cipher = await personalDataCipher(db, { production: opts.production });
  return demoStep(db, 727040, 'demo-fillin-v1', async (tx) => {
    const nanjing = await tx.selectFrom('bladeDept').select('idPath').where('deptName', '=', '南京市工商联').where('isDeleted', '=', 0).executeTakeFirst();
    const templates = await tx
      .selectFrom('aocFormTemplate')
      .select(['id', 'templateKey'])
      .where('tenantId', '=', opts.tenantId)
      .where('version', '=', 1)
      .execute();
    const collectTpl = templates.find((t) => t.templateKey === COLLECT_TEMPLATE_KEY);
    const supplementTpl = templates.find((t) => t.templateKey === SUPPLEMENT_TEMPLATE_KEY);
    if (!nanjing || !collectTpl || !supplementTpl) return null;
    const orgs = await tx
      .selectFrom('bladeDept')
      .select(['id', 'deptName'])
      .where('idPath', 'like', `${nanjing.idPath}%`)
      .where('deptCategory', 'in', [2, 3])
      .where('deptName', '<>', '南京市浙江商会')
      .where('isDeleted', '=', 0)
      .orderBy('id')
      .limit(9)
      .execute();
    const { int, pick, phone } = draws(40_2026);
    const year = new Date().getFullYear();
    let persons = 0;
    for (const [i, org] of orgs.entries()) {
      if (i % 4 === 3) continue; // left 未填报
      const period = int(2, 8);
      await tx
        .insertInto('aocFillPeriod')
        .values({ tenantId: opts.tenantId, deptId: org.id, period, finishDate: `${year - int(1, 3)}-0${int(1, 9)}` })
        .execute();
      const counts: Record<string, number> = { 1: 0, 2: 0, 3: 0 };
      const n = i % 3 === 1 ? 3 : 6;
      const rows = Array.from({ length: n }, (_, k) => {
        const category = (k % 3) + 1;
        counts[category] += 1;
        const male = int(0, 1) === 1;
        const first = `320102${int(1960, 1990)}0${int(1, 9)}${String(int(10, 28))}${String(100 + i * 10 + k).slice(-2)}${male ? 1 : 2}`;
        const cert = first + idCardCheckChar(first);
        const mobile = phone();
        return {
          tenantId: opts.tenantId,
          deptId: org.id,
          period,
          name: `${pick([...SURNAMES])}${pick(GIVEN)}`,
          category,
          certNoEnc: cipher.encrypt(cert),
          certNoHash: cipher.hash(cert),
          mobileEnc: cipher.encrypt(mobile),
          mobileHash: cipher.hash(mobile),
          data: JSON.stringify({
            gender: male ? '1' : '2',
            nation: k === 4 ? NATIONS[2] : NATIONS[0],
            company: pick(COMPANIES),
            post: pick(POSTS),
            deputyType: '0',
          }),
          templateId: collectTpl.id,
          templateVersion: 1,
        };
      });
      await tx.insertInto('aocCollectPerson').values(rows).execute();
      persons += n;
      if (i % 3 !== 1) {
        await tx
          .insertInto('aocFillRound')
          .values({
            tenantId: opts.tenantId,
            deptId: org.id,
            kind: 'collect',
            period,
            status: i % 3 === 0 ? 1 : 2,
            counts: JSON.stringify(counts),
            returnTime: i % 3 === 2 ? new Date() : null,
            returnComment: i % 3 === 2 ? '会员代表人数偏少,请核实后重新提交' : null,
          })
          .execute();
      }
      if (i % 2 === 0) {
        await tx
          .insertInto('aocAssociationSupplement')
          .values({
            tenantId: opts.tenantId,
            deptId: org.id,
            year,
            data: JSON.stringify({
              memberCount: String(int(60, 400)),
              enterpriseCount: String(int(40, 300)),
              staffCount: String(int(2, 12)),
              partyOrg: '1',
              partyOrgType: '3',
              partyMemberCount: String(int(3, 30)),
            }),
            templateId: supplementTpl.id,
            templateVersion: 1,
            status: 1,
            submitTime: new Date(),
          })
          .execute();
        await tx.insertInto('aocFillRound').values({ tenantId: opts.tenantId, deptId: org.id, kind: 'supplement', period: year, status: 1 }).execute();
      }
    }
    return persons;
  });
}
