import { describe, expect, it, beforeAll } from 'vitest';
import { creditCheckChar, idCardCheckChar, MEMBER_FIELD_LABELS, PORTRAIT_EXTRA_SOURCES } from '@gsl/contract';
import type { TestApp } from '../../../test/app.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { daysBetween, decimalYears, fullYears } from './aiportrait.rules.js';
import { todayIn } from './aiportrait.service.js';

let t: TestApp;
const tokens = useTestApp(['nj_aoc', 'nj_coc'], (app) => (t = app));

const P = '/api/ai-service/portrait';
const ENT = '/api/aoc-service/memberaocenterprise';
const GRP = '/api/aoc-service/memberAocGroup';
const PSN = '/api/aoc-service/memberaocperson';
const call = (who: string, url: string, query: Record<string, string>) => t.call({ method: 'GET', url, token: tokens[who], query });

const CREDIT_NJ = '91320100888000041' + creditCheckChar('91320100888000041');
const CREDIT_SZ = '91320500888000051' + creditCheckChar('91320500888000051');
const CREDIT_GRP = '51320100888000061' + creditCheckChar('51320100888000061');
const CERT = '32010219780307451' + idCardCheckChar('32010219780307451');

type Tag = { key: string; label: string; rule: string; sources: string[] };
type Figure = { key: string; value: string | number | null; sources: string[] };

const ids: Record<string, string> = {};
let today = '';
beforeAll(async () => {
  today = todayIn(t.app.config.timeZone);
  const suzhou = String(
    (await t.db.selectFrom('bladeDept').select('id').where('deptName', '=', '苏州市工商联').where('isDeleted', '=', 0).executeTakeFirstOrThrow()).id,
  );
  const sz = await t.db.selectFrom('bladeUser').select('account').where('deptId', '=', suzhou).orderBy('id').executeTakeFirstOrThrow();
  tokens.sz = (await t.login(sz.account)).access_token;
  const save = async (who: string, url: string, body: Record<string, unknown>) => {
    const res = await t.call({ method: 'POST', url: `${url}/save`, token: tokens[who], body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return String(res.body.data.id);
  };
  ids.ent = await save('nj_aoc', ENT, {
    name: '画像测试科技有限公司',
    creditCode: CREDIT_NJ,
    legalPerson: '王建国',
    industry: '软件和信息技术服务业',
    scale: 4,
    memberType: 1,
    memberLevel: 3,
    joinDate: '2010-05-01',
    remark: '2023年入选中国民营企业500强。',
  });
  ids.sz = await save('sz', ENT, { name: '苏州画像测试有限公司', creditCode: CREDIT_SZ, legalPerson: '李四' });
  ids.group = await save('nj_aoc', GRP, { name: '画像测试行业协会', creditCode: CREDIT_GRP, groupType: 2, memberCount: 120, joinDate: today });
  ids.person = await save('nj_aoc', PSN, {
    name: '画像张伟',
    certType: 1,
    certNo: CERT,
    phone: '13812345679',
    company: '画像测试科技有限公司',
    post: '董事长',
    politics: 1,
    education: 2,
    memberLevel: 2,
  });
  // The person represents the enterprise (会员代表).
  const ent = await t.db.selectFrom('aocMemberEnterprise').select(['deptId', 'tenantId']).where('id', '=', ids.ent).executeTakeFirstOrThrow();
  await t.db
    .insertInto('aocMemberRepresentative')
    .values({ tenantId: ent.tenantId, memberKind: 'enterprise', memberId: ids.ent, deptId: ent.deptId, personId: ids.person, title: '董事长', sort: 1 })
    .execute();
  // Two news items name the enterprise (舆情监测), one of them last year; one names nobody.
  const year = Number(today.slice(0, 4));
  for (const [title, at, mention] of [
    ['画像测试科技有限公司发布新品', `${year}-03-10T02:00:00Z`, true],
    ['画像测试科技有限公司获奖', `${year - 1}-06-10T02:00:00Z`, true],
    ['与会员无关的新闻', `${year}-03-11T02:00:00Z`, false],
  ] as const) {
    const item = await t.db
      .insertInto('aocNewsItem')
      .values({ tenantId: ent.tenantId, title, titleKey: `${title}-portrait`, infoTime: new Date(at), isManual: 0, isDeleted: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (mention)
      await t.db
        .insertInto('aocNewsMention')
        .values({ itemId: item.id, kind: 'enterprise', refId: ids.ent, deptId: ent.deptId, name: '画像测试科技有限公司' })
        .execute();
  }
});

describe('AI 画像', () => {
  it('an enterprise: tags by rule from its stored fields, each with its sources; figures and charts equal the data', async () => {
    const res = await call('nj_aoc', `${P}/enterprise/detail`, { id: ids.ent });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const p = res.body.data;
    expect(p).toMatchObject({ kind: 'enterprise', memberId: ids.ent, memberName: '画像测试科技有限公司', aiGenerated: true });
    const tags = Object.fromEntries((p.tags as Tag[]).map((x) => [x.key, x]));
    expect(tags.memberType).toMatchObject({ label: '民营企业', sources: ['memberType'] });
    expect(tags.scale).toMatchObject({ label: '大型企业', sources: ['scale'] });
    expect(tags.aboveScale).toMatchObject({ label: '规上企业', sources: ['scale'] });
    expect(tags.industry).toMatchObject({ label: '软件和信息技术服务业', sources: ['industry'] });
    expect(tags.top500).toMatchObject({ label: '中国民营企业500强', sources: ['remark'] });
    expect(tags.memberLevel).toMatchObject({ label: '常务理事单位', sources: ['memberLevel'] });
    expect(tags.senior).toMatchObject({ label: '会员年限≥10年', sources: ['joinDate'] });
    expect(tags.news).toMatchObject({ label: '舆情关注', sources: ['news'], rule: '舆情监测中有2条新闻提及' });
    // Every source has a label the page shows.
    for (const tag of p.tags as Tag[]) for (const s of tag.sources) expect(p.fieldLabels[s], s).toBeTruthy();
    expect(p.fieldLabels.scale).toBe(MEMBER_FIELD_LABELS.enterprise.scale);
    expect(p.fieldLabels.news).toBe(PORTRAIT_EXTRA_SOURCES.news);

    const figures = Object.fromEntries((p.figures as Figure[]).map((f) => [f.key, f.value]));
    expect(figures).toMatchObject({ years: fullYears('2010-05-01', today), memberLevel: '常务理事', scale: '大型', representatives: 1, news: 2 });

    const years = p.charts.find((c: { key: string }) => c.key === 'years');
    // The same org's enterprises with a join date, as stored.
    const peers = await t.db
      .selectFrom('aocMemberEnterprise')
      .select('joinDate')
      .where('deptId', '=', (await t.db.selectFrom('aocMemberEnterprise').select('deptId').where('id', '=', ids.ent).executeTakeFirstOrThrow()).deptId)
      .where('isDeleted', '=', 0)
      .where('joinDate', 'is not', null)
      .execute();
    const day = (d: unknown) => (d instanceof Date ? d.toISOString().slice(0, 10) : String(d).slice(0, 10));
    const mean = peers.reduce((s, r) => s + daysBetween(day(r.joinDate), today), 0) / peers.length;
    expect(years.series[0].data[0]).toBe(decimalYears(daysBetween('2010-05-01', today)));
    expect(years.series[0].data[1]).toBeCloseTo(decimalYears(mean), 1);
    expect(years.categories[1]).toContain(`(${peers.length}家)`);
    const news = p.charts.find((c: { key: string }) => c.key === 'news');
    const y = Number(today.slice(0, 4));
    expect(news.categories.slice(-2)).toEqual([String(y - 1), String(y)]);
    expect(news.series[0].data.slice(-2)).toEqual([1, 1]);
    expect(p.news.map((n: { title: string }) => n.title)).toEqual(['画像测试科技有限公司发布新品', '画像测试科技有限公司获奖']);

    expect(p.summary).toMatchObject({ method: 'template' });
    expect(p.summary.text).toContain('画像测试科技有限公司');
    expect(p.summary.text).toContain('所属行业为软件和信息技术服务业');
    expect(p.summary.text).not.toContain(CREDIT_NJ);
    expect(p.summary.sources).toEqual(expect.arrayContaining(['name', 'industry', 'scale', 'joinDate', 'news']));
  });

  it('a group and a person: their own rules (new member, 百人以上团体; party member, representative)', async () => {
    const g = (await call('nj_aoc', `${P}/group/detail`, { id: ids.group })).body.data;
    const gt = Object.fromEntries((g.tags as Tag[]).map((x) => [x.key, x.label]));
    expect(gt).toMatchObject({ groupType: '行业协会', largeGroup: '百人以上团体', newMember: '新入会会员' });
    expect(gt.news).toBeUndefined();
    expect(Object.fromEntries((g.figures as Figure[]).map((f) => [f.key, f.value]))).toMatchObject({ years: 0, memberCount: 120, news: 0, representatives: 0 });
    expect(g.charts.map((c: { key: string }) => c.key)).toEqual(['years']);

    const p = (await call('nj_aoc', `${P}/person/detail`, { id: ids.person })).body.data;
    const pt = Object.fromEntries((p.tags as Tag[]).map((x) => [x.key, x]));
    expect(pt.politics.label).toBe('中共党员');
    expect(pt.education.label).toBe('研究生学历');
    expect(pt.generation).toMatchObject({ label: '70后', sources: ['birthDate'] });
    expect(pt.head).toMatchObject({ label: '企业负责人', sources: ['post'] });
    expect(pt.representative).toMatchObject({ label: '会员代表', sources: ['memberships'] });
    expect(pt.memberLevel.label).toBe('理事');
    expect(Object.fromEntries((p.figures as Figure[]).map((f) => [f.key, f.value]))).toMatchObject({
      age: fullYears('1978-03-07', today),
      memberships: 1,
      years: null,
    });
    expect(p.summary.text).toContain('担任画像测试科技有限公司的会员代表');
    // No personal data in a person's portrait.
    expect(JSON.stringify(p)).not.toContain(CERT);
    expect(JSON.stringify(p)).not.toContain('13812345679');
  });

  it('keeps a member outside the scope out (404), another kind’s id too, and answers a bad id in Chinese', async () => {
    expect((await call('nj_aoc', `${P}/enterprise/detail`, { id: ids.sz })).status).toBe(404);
    expect((await call('nj_coc', `${P}/enterprise/detail`, { id: ids.ent })).status).toBe(404);
    expect((await call('nj_aoc', `${P}/group/detail`, { id: ids.ent })).status).toBe(404);
    expect((await call('sz', `${P}/enterprise/detail`, { id: ids.sz })).status).toBe(200);
    for (const query of [{ id: 'abc' }, { id: '' }, {}, { id: '1'.repeat(40) }] as Array<Record<string, string>>) {
      const res = await call('nj_aoc', `${P}/enterprise/detail`, query);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
  });
});
