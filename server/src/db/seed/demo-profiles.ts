/**
 * Demo profiles: a few hundred persons and enterprises in the person and enterprise bases,
 * spread over the demo province's federations, chambers and associations, with realistic Chinese
 * names, identity numbers (GB 11643) and credit codes (GB 32100) that pass their checksums, encrypted
 * certificate and phone numbers, some profile sections, and the organisation profiles of the
 * federations. Deterministic (fixed PRNG seed); runs once per database (seed_step 'demo-profiles-v1').
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { creditCheckChar, idCardCheckChar } from '@gsl/contract';
import type { Db } from '../connection.js';
import { personalDataCipher } from '../../platform/audit/personal-data.js';
import { FEMALE_GIVEN, MALE_GIVEN, SURNAMES, demoStep, draws, orgCode, region6 } from './demo-people.js';

const WORDS = '钟山 秦淮 紫金 玄武 扬子 太湖 金鸡 寒山 云龙 淮海 瘦西 茅山 溱潼 濠河 盐渎 连岛 蠡湖 石湖 栖霞 雨花'.split(' ');
const TRADES = ['智能制造', '电子科技', '生物医药', '新材料', '纺织', '建设工程', '物流', '食品', '软件技术', '新能源', '环保科技', '商贸'];
const SCHOOLS = ['南京大学', '东南大学', '苏州大学', '南京航空航天大学', '江南大学', '扬州大学', '河海大学', '中国矿业大学'];
const POSTS = ['董事长', '总经理', '执行董事', '副总经理', '财务总监'];

export async function seedDemoProfiles(db: Db, opts: { production: boolean }): Promise<{ persons: number; enterprises: number } | null> {
  const cipher = await personalDataCipher(db, { production: opts.production });
  return demoStep(db, 727020, 'demo-profiles-v1', async (tx, provincePath) => {
    const orgs = await tx
      .selectFrom('bladeDept')
      .select(['id', 'tenantId', 'deptName', 'fullName', 'deptCategory', 'regionCode', 'chamberType'])
      .where('idPath', 'like', `${provincePath}%`)
      .where('isDeleted', '=', 0)
      .where('deptCategory', 'in', [1, 2, 3])
      .orderBy('id')
      .execute();
    const { rnd, int, pick, day, phone } = draws(20260520);
    const usedId = new Set<string>();
    const usedCredit = new Set<string>();

    const persons: Array<Record<string, unknown>> = [];
    const enterprises: Array<Record<string, unknown>> = [];
    for (const o of orgs) {
      const region = region6(o.regionCode);
      const perOrg = o.deptCategory === 1 ? 3 : 1;
      for (let i = 0; i < perOrg; i++) {
        const male = rnd() < 0.7;
        const birth = day(1955, 1995);
        let certNo: string;
        for (;;) {
          const first17 = `${region}${birth.replaceAll('-', '')}${int(0, 9)}${String(int(0, 49) * 2 + (male ? 1 : 0)).padStart(2, '0')}`;
          certNo = first17 + idCardCheckChar(first17);
          if (!usedId.has(certNo)) break;
        }
        usedId.add(certNo);
        const mobile = phone();
        persons.push({
          tenantId: o.tenantId,
          deptId: o.id,
          unionId: `P${randomUUID().replace(/-/g, '')}`,
          name: pick(SURNAMES)[0] + pick(male ? MALE_GIVEN : FEMALE_GIVEN).given,
          certType: 1,
          certNoEnc: cipher.encrypt(certNo),
          certNoHash: cipher.hash(certNo),
          gender: male ? 1 : 2,
          birthDate: birth,
          nationality: '中国',
          nativePlace: '江苏',
          politics: pick([1, 4, 5, 6]),
          education: int(1, 4),
          degree: pick([1, 2, 3, 9]),
          phoneEnc: cipher.encrypt(mobile),
          phoneHash: cipher.hash(mobile),
          company: `${pick(WORDS)}${pick(TRADES)}有限公司`,
          post: pick(POSTS),
          visibility: rnd() < 0.1 ? 1 : 2,
        });
        let credit: string;
        for (;;) {
          const first17 = `91${region}${orgCode(String(int(10_000_000, 99_999_999)))}`;
          credit = first17 + creditCheckChar(first17);
          if (!usedCredit.has(credit)) break;
        }
        usedCredit.add(credit);
        enterprises.push({
          tenantId: o.tenantId,
          deptId: o.id,
          unionId: `E${randomUUID().replace(/-/g, '')}`,
          name: `${o.deptName.slice(0, 2)}${pick(WORDS)}${pick(TRADES)}有限公司`,
          creditCode: credit,
          legalPerson: pick(SURNAMES)[0] + pick(MALE_GIVEN).given,
          registeredCapital: int(50, 50_000),
          establishedDate: day(1995, 2022),
          businessScope: `${pick(TRADES)}产品的研发、生产与销售;技术咨询与服务。`,
          address: `${o.deptName.replace(/工商联|商会|协会.*$/, '')}${pick(WORDS)}路${int(1, 300)}号`,
          status: pick([1, 1, 1, 2]),
          enterpriseType: 1,
          industry: pick(TRADES),
          regionCode: o.regionCode,
        });
      }
    }
    const pIds = persons.length
      ? await tx
          .insertInto('aocPersonBase')
          .values(persons as never)
          .returning(['id', 'deptId'])
          .execute()
      : [];
    const eIds = enterprises.length
      ? await tx
          .insertInto('aocEnterpriseBase')
          .values(enterprises as never)
          .returning(['id', 'deptId'])
          .execute()
      : [];
    const section = (p: { id: string; deptId: string }, tenantId: string) => ({ parentId: p.id, deptId: p.deptId, tenantId });
    const tenant = orgs[0]?.tenantId ?? '000001';
    const exp = pIds.flatMap((p) => [
      {
        ...section(p, tenant),
        kind: 2,
        startDate: day(1975, 1990),
        endDate: null,
        orgName: pick(SCHOOLS),
        title: pick(['经济学', '工商管理', '机械工程', '计算机科学']),
      },
      { ...section(p, tenant), kind: 1, startDate: day(1995, 2010), endDate: null, orgName: `${pick(WORDS)}${pick(TRADES)}有限公司`, title: pick(POSTS) },
    ]);
    if (exp.length)
      await tx
        .insertInto('aocPersonExperience')
        .values(exp as never)
        .execute();
    const honours = pIds
      .filter(() => rnd() < 0.3)
      .map((p) => ({
        ...section(p, tenant),
        name: pick(['优秀民营企业家', '江苏省劳动模范', '光彩事业贡献奖']),
        grantor: '江苏省工商联',
        honourDate: day(2010, 2024),
        level: 2,
      }));
    if (honours.length)
      await tx
        .insertInto('aocPersonHonour')
        .values(honours as never)
        .execute();
    const equity = eIds.flatMap((e) => {
      const a = int(40, 90);
      return [
        { ...section(e, tenant), shareholder: pick(SURNAMES)[0] + pick(MALE_GIVEN).given, shareholderType: 1, ratio: a, subscribedAmount: int(10, 5000) },
        { ...section(e, tenant), shareholder: `${pick(WORDS)}投资有限公司`, shareholderType: 2, ratio: 100 - a, subscribedAmount: int(10, 5000) },
      ];
    });
    if (equity.length)
      await tx
        .insertInto('aocEnterpriseEquity')
        .values(equity as never)
        .execute();
    const contacts = eIds.map((e) => {
      const m = phone();
      return {
        ...section(e, tenant),
        name: pick(SURNAMES)[0] + pick(FEMALE_GIVEN).given,
        post: '办公室主任',
        phoneEnc: cipher.encrypt(m),
        phoneHash: cipher.hash(m),
      };
    });
    if (contacts.length)
      await tx
        .insertInto('aocEnterpriseContact')
        .values(contacts as never)
        .execute();
    const ips = eIds
      .filter(() => rnd() < 0.4)
      .map((e) => ({
        ...section(e, tenant),
        ipType: int(1, 4),
        name: `一种${pick(TRADES)}装置`,
        regNo: `CN${int(2015, 2024)}${int(10_000_000, 99_999_999)}`,
        applyDate: day(2015, 2024),
      }));
    if (ips.length)
      await tx
        .insertInto('aocEnterpriseIp')
        .values(ips as never)
        .execute();
    const credits = eIds
      .filter(() => rnd() < 0.5)
      .map((e) => ({
        ...section(e, tenant),
        creditType: '纳税信用等级',
        grade: pick(['A', 'A', 'B', 'M']),
        agency: '国家税务总局江苏省税务局',
        ratedDate: day(2020, 2024),
      }));
    if (credits.length)
      await tx
        .insertInto('aocEnterpriseCredit')
        .values(credits as never)
        .execute();
    const invest = eIds
      .filter(() => rnd() < 0.2)
      .map((e) => ({
        ...section(e, tenant),
        enterpriseName: `${pick(WORDS)}${pick(TRADES)}有限公司`,
        amount: int(50, 2000),
        ratio: int(5, 60),
        investDate: day(2012, 2024),
      }));
    if (invest.length)
      await tx
        .insertInto('aocEnterpriseInvestment')
        .values(invest as never)
        .execute();
    const penalties = eIds
      .filter(() => rnd() < 0.05)
      .map((e) => ({
        ...section(e, tenant),
        decisionNo: `苏环罚〔${int(2019, 2024)}〕${int(1, 300)}号`,
        authority: '江苏省生态环境厅',
        amount: int(1, 20),
        penaltyDate: day(2019, 2024),
      }));
    if (penalties.length)
      await tx
        .insertInto('aocEnterprisePenalty')
        .values(penalties as never)
        .execute();
    const pInvest = pIds
      .filter(() => rnd() < 0.2)
      .map((p) => ({ ...section(p, tenant), enterpriseName: `${pick(WORDS)}${pick(TRADES)}有限公司`, amount: int(10, 1000), ratio: int(5, 80) }));
    if (pInvest.length)
      await tx
        .insertInto('aocPersonInvestment')
        .values(pInvest as never)
        .execute();

    // Organisation profiles of the federations (their leaders are the leadership's, demo-association.ts), with secretariat departments, operating info and stored member counts.
    const feds = orgs.filter((o) => o.deptCategory === 1);
    if (feds.length) {
      await tx
        .insertInto('aocOrgProfile')
        .values(
          feds.map((o) => ({
            tenantId: o.tenantId,
            deptId: o.id,
            name: o.fullName ?? o.deptName,
            status: 1,
            level: o.deptName.includes('省') ? 1 : o.deptName.endsWith('市工商联') ? 2 : 3,
            legalPersonType: 3,
            nature: '人民团体',
            regionCode: o.regionCode,
            introduction: `${o.fullName ?? o.deptName}是中国共产党领导的以非公有制企业和非公有制经济人士为主体的人民团体和商会组织。`,
            purpose: '促进非公有制经济健康发展和非公有制经济人士健康成长。',
            contactPerson: '办公室',
            contactPhone: `025-${int(80_000_000, 89_999_999)}`,
          })) as never,
        )
        .execute();
      const rows = (key: string, make: (o: (typeof feds)[number]) => Record<string, unknown>[]) =>
        feds.flatMap((o) => make(o).map((r) => ({ tenantId: o.tenantId, parentId: o.id, deptId: o.id, ...r })));
      await tx
        .insertInto('aocOrgDepartment')
        .values(
          rows('department', () => ['办公室', '会员部', '经济部', '宣传教育部'].map((name, i) => ({ name, sort: i + 1, staffCount: int(2, 8) }))) as never,
        )
        .execute();
      await tx
        .insertInto('aocOrgOperating')
        .values(
          rows('operating', () =>
            [2022, 2023, 2024].map((y) => ({ year: y, income: int(100, 3000), expenditure: int(100, 3000), staffCount: int(10, 60), eventCount: int(5, 80) })),
          ) as never,
        )
        .execute();
      await tx
        .insertInto('aocOrgBranch')
        .values(
          rows('branch', (o) => [
            { name: `${o.deptName.replace('工商联', '')}青年企业家分会`, head: pick(SURNAMES)[0] + pick(MALE_GIVEN).given, establishedDate: day(2005, 2020) },
          ]) as never,
        )
        .execute();
      await tx
        .insertInto('aocOrgHonour')
        .values(rows('honour', () => [{ name: '全国“五好”县级工商联', grantor: '全国工商联', honourDate: day(2015, 2024), level: 1 }]) as never)
        .execute();
      await tx
        .insertInto('aocOrgAnnualReport')
        .values(
          feds.flatMap((o) => [
            {
              tenantId: o.tenantId,
              deptId: o.id,
              year: 2023,
              title: `${o.deptName}2023年度工作报告`,
              content: '全年围绕服务会员、促进“两个健康”开展工作。',
              status: 1,
              submitTime: sql`now()`,
            },
            { tenantId: o.tenantId, deptId: o.id, year: 2024, title: `${o.deptName}2024年度工作报告`, content: '草稿', status: 0 },
          ]) as never,
        )
        .execute();
      await tx
        .insertInto('aocOrgMemberStat')
        .values(
          rows('memberstat', () => [2018, 2019].map((y) => ({ year: y, enterprise: int(100, 900), group: int(5, 40), person: int(20, 300) }))).map(
            (r: Record<string, unknown>) => ({ ...r, total: Number(r.enterprise) + Number(r.group) + Number(r.person) }),
          ) as never,
        )
        .execute();
    }
    return { persons: pIds.length, enterprises: eIds.length };
  });
}
