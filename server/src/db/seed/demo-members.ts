/**
 * Demo members: enterprises, persons and group members spread over the demo province's
 * federations, chambers and associations, with realistic Chinese names, credit codes and identity
 * numbers that pass their checksums, and encrypted phone and certificate numbers. Deterministic
 * (fixed PRNG seed); runs once per database (seed_step 'demo-members-v1').
 */
import { creditCheckChar, idCardCheckChar } from '@gsl/contract';
import type { Db } from '../connection.js';
import { personalDataCipher } from '../../platform/audit/personal-data.js';
import { FEMALE_GIVEN, MALE_GIVEN, SURNAMES, demoStep, draws, orgCode, region6 } from './demo-people.js';

export const WORDS =
  '华泰 恒瑞 苏宁 宏图 金陵 天合 中联 永新 鑫源 东方 远景 博润 海澜 隆盛 德普 瑞丰 锦华 新科 亨通 通鼎 长风 润和 江海 启明 科沃 华芯 中远 诚泰 汇通 明阳'.split(
    ' ',
  );
export const TRADES: Array<[string, string]> = [
  ['新材料科技', '新材料'],
  ['智能装备', '装备制造'],
  ['电子科技', '电子信息'],
  ['生物医药', '生物医药'],
  ['纺织服饰', '纺织服装'],
  ['建设工程', '建筑业'],
  ['物流', '交通物流'],
  ['食品', '食品加工'],
  ['软件技术', '软件和信息服务'],
  ['新能源科技', '新能源'],
  ['环保科技', '节能环保'],
  ['商贸', '批发零售'],
];
export const POSTS = ['董事长', '总经理', '执行董事', '副总经理', '监事长', '财务总监'];

export async function seedDemoMembers(
  db: Db,
  opts: { tenantId: string; production: boolean },
): Promise<{ enterprises: number; persons: number; groups: number } | null> {
  const cipher = await personalDataCipher(db, { production: opts.production });
  return demoStep(db, 727005, 'demo-members-v1', async (tx, provincePath) => {
    const orgs = await tx
      .selectFrom('bladeDept')
      .select(['id', 'parentId', 'deptName', 'deptCategory', 'regionCode'])
      .where('idPath', 'like', `${provincePath}%`)
      .where('isDeleted', '=', 0)
      .where('deptCategory', 'in', [1, 2, 3])
      .orderBy('id')
      .execute();
    const { rnd, int, pick, phone, day } = draws(20260505);
    const usedCredit = new Set<string>();
    const creditCode = (region: string) => {
      for (;;) {
        const first17 = `91${region}${orgCode(String(int(10_000_000, 99_999_999)))}`;
        const code = first17 + creditCheckChar(first17);
        if (!usedCredit.has(code)) return (usedCredit.add(code), code);
      }
    };
    const usedId = new Set<string>();
    const idNumber = (region: string, birth: string, male: boolean) => {
      for (;;) {
        const seq = int(0, 49) * 2 + (male ? 1 : 0);
        const first17 = `${region}${birth.replaceAll('-', '')}${String(int(0, 9))}${String(seq).padStart(2, '0')}`;
        const v = first17 + idCardCheckChar(first17);
        if (!usedId.has(v)) return (usedId.add(v), v);
      }
    };
    const personName = (male: boolean) => pick(SURNAMES)[0] + pick(male ? MALE_GIVEN : FEMALE_GIVEN).given;

    const enterprises: Array<Record<string, unknown>> = [];
    const persons: Array<Record<string, unknown>> = [];
    const groups: Array<Record<string, unknown>> = [];
    const byId = new Map(orgs.map((o) => [String(o.id), o]));
    for (const o of orgs) {
      const region = region6(o.regionCode);
      const place = o.deptName
        .replace(/(工商联|商会|协会|促进会)$/, '')
        .replace(/^江苏省/, '江苏')
        .slice(0, 4);
      for (let i = 0, n = int(1, 3); i < n; i++) {
        const [trade, industry] = pick(TRADES);
        enterprises.push({
          tenantId: opts.tenantId,
          deptId: o.id,
          name: `${place}${pick(WORDS)}${trade}有限公司`,
          creditCode: creditCode(region),
          legalPerson: personName(rnd() < 0.8),
          industry,
          scale: int(1, 4),
          regionCode: o.regionCode,
          address: `${o.deptName.replace(/(工商联|商会|协会)$/, '')}${pick(WORDS)}路${int(1, 999)}号`,
          contactName: personName(rnd() < 0.5),
          contactPhoneEnc: null,
          contactPhoneHash: null,
          phone: phone(),
          joinDate: day(2008, 2025),
          memberLevel: int(1, 4),
          memberType: pick([1, 1, 1, 2, 3, 4, 5]),
          status: rnd() < 0.9 ? 1 : 2,
        });
      }
      for (let i = 0, n = int(1, 3); i < n; i++) {
        const male = rnd() < 0.75;
        const birth = day(1958, 1995);
        persons.push({
          tenantId: opts.tenantId,
          deptId: o.id,
          name: personName(male),
          certType: 1,
          certNo: idNumber(region, birth, male),
          gender: male ? 1 : 2,
          birthDate: birth,
          nationality: '中国',
          nativePlace: o.deptName.slice(0, 3),
          politics: pick([1, 1, 4, 5, 6]),
          education: int(1, 5),
          phone: phone(),
          company: enterprises.length ? (enterprises[enterprises.length - 1 - i] ?? enterprises[enterprises.length - 1]).name : null,
          post: pick(POSTS),
          regionCode: o.regionCode,
          joinDate: day(2008, 2025),
          memberLevel: int(1, 5),
          status: 1,
        });
      }
      // A chamber or association is a group member of the federation it hangs under.
      const parent = byId.get(String(o.parentId));
      if (o.deptCategory !== 1 && parent && parent.deptCategory === 1) {
        groups.push({
          tenantId: opts.tenantId,
          deptId: parent.id,
          name: o.deptName,
          creditCode: creditCode(region).replace(/^91/, '51').slice(0, 17),
          groupType: o.deptCategory === 2 ? 1 : 2,
          orgDeptId: o.id,
          legalPerson: personName(rnd() < 0.8),
          regionCode: o.regionCode,
          contactName: personName(rnd() < 0.5),
          phone: phone(),
          memberCount: int(30, 600),
          joinDate: day(2005, 2024),
          memberLevel: int(1, 3),
          status: 1,
        });
      }
    }
    for (const g of groups) g.creditCode = `${g.creditCode}${creditCheckChar(String(g.creditCode))}`;

    const enc = (v: string) => ({ enc: cipher.encrypt(v), hash: cipher.hash(v) });
    const chunk = <T>(xs: T[], n = 200) => Array.from({ length: Math.ceil(xs.length / n) }, (_, i) => xs.slice(i * n, i * n + n));
    const entIds: Array<{ id: string; deptId: string }> = [];
    for (const batch of chunk(enterprises)) {
      const rows = await tx
        .insertInto('aocMemberEnterprise')
        .values(
          batch.map(({ phone: p, ...e }) => {
            const x = enc(String(p));
            return { ...e, contactPhoneEnc: x.enc, contactPhoneHash: x.hash } as never;
          }),
        )
        .returning(['id', 'deptId'])
        .execute();
      entIds.push(...rows.map((r) => ({ id: String(r.id), deptId: String(r.deptId) })));
    }
    const personIds: Array<{ id: string; deptId: string }> = [];
    for (const batch of chunk(persons)) {
      const rows = await tx
        .insertInto('aocMemberPerson')
        .values(
          batch.map(({ certNo, phone: p, ...e }) => {
            const c = enc(String(certNo));
            const x = enc(String(p));
            return { ...e, certNoEnc: c.enc, certNoHash: c.hash, phoneEnc: x.enc, phoneHash: x.hash } as never;
          }),
        )
        .returning(['id', 'deptId'])
        .execute();
      personIds.push(...rows.map((r) => ({ id: String(r.id), deptId: String(r.deptId) })));
    }
    const groupIds: Array<{ id: string; deptId: string; orgDeptId: string }> = [];
    for (const batch of chunk(groups)) {
      const rows = await tx
        .insertInto('aocMemberGroup')
        .values(
          batch.map(({ phone: p, ...g }) => {
            const x = enc(String(p));
            return { ...g, contactPhoneEnc: x.enc, contactPhoneHash: x.hash } as never;
          }),
        )
        .returning(['id', 'deptId', 'orgDeptId'])
        .execute();
      groupIds.push(...rows.map((r) => ({ id: String(r.id), deptId: String(r.deptId), orgDeptId: String(r.orgDeptId) })));
    }
    // Each enterprise's representative: a person member of the same org.
    const personsByDept = new Map<string, string[]>();
    for (const p of personIds) personsByDept.set(p.deptId, [...(personsByDept.get(p.deptId) ?? []), p.id]);
    const reps = entIds.flatMap((e, i) => {
      const ps = personsByDept.get(e.deptId) ?? [];
      return ps.length
        ? [
            {
              tenantId: opts.tenantId,
              memberKind: 'enterprise' as const,
              memberId: e.id,
              deptId: e.deptId,
              personId: ps[i % ps.length],
              title: '会员代表',
              sort: 1,
            },
          ]
        : [];
    });
    // Each group's representative: a person member of the chamber or association it stands for.
    for (const g of groupIds) {
      const ps = personsByDept.get(g.orgDeptId) ?? [];
      if (ps.length)
        reps.push({ tenantId: opts.tenantId, memberKind: 'group' as never, memberId: g.id, deptId: g.deptId, personId: ps[0], title: '会长', sort: 1 });
    }
    for (const batch of chunk(reps)) await tx.insertInto('aocMemberRepresentative').values(batch).execute();
    // The change history starts with the records' creation.
    const logs = [
      ...entIds.map((e, i) => ({ tag: 'enterprise', recordId: e.id, deptId: e.deptId, recordName: String(enterprises[i].name) })),
      ...personIds.map((p, i) => ({ tag: 'person', recordId: p.id, deptId: p.deptId, recordName: String(persons[i].name) })),
      ...groupIds.map((g, i) => ({ tag: 'group', recordId: g.id, deptId: g.deptId, recordName: String(groups[i].name) })),
    ];
    for (const batch of chunk(logs, 500)) {
      await tx
        .insertInto('aocLog')
        .values(batch.map((l) => ({ ...l, tenantId: opts.tenantId, mode: 'insert' as const, fieldCount: 0, createBy: 'system', createName: '初始数据' })))
        .execute();
    }
    return { enterprises: enterprises.length, persons: persons.length, groups: groups.length };
  });
}

/**
 * Demo chamber records: one per chamber of the demo tree (its type, 异地 direction and
 * seat from the tree), with vice presidents, council and secretariat. Once per database.
 */
export async function seedDemoChambers(db: Db, opts: { tenantId: string; production: boolean }): Promise<number | null> {
  const cipher = await personalDataCipher(db, { production: opts.production });
  return demoStep(db, 727006, 'demo-chambers-v1', async (tx, provincePath) => {
    const chambers = await tx
      .selectFrom('bladeDept')
      .select(['id', 'deptName', 'fullName', 'chamberType', 'remark'])
      .where('idPath', 'like', `${provincePath}%`)
      .where('isDeleted', '=', 0)
      .where('deptCategory', '=', 2)
      .orderBy('id')
      .execute();
    const { rnd, int, pick, phone } = draws(20260506);
    const personName = () => pick(SURNAMES)[0] + pick(rnd() < 0.8 ? MALE_GIVEN : FEMALE_GIVEN).given;
    let n = 0;
    for (const c of chambers) {
      const { id } = await tx
        .insertInto('aocChamber')
        .values({
          tenantId: opts.tenantId,
          deptId: c.id,
          chamberDeptId: c.id,
          name: c.deptName,
          adminName: c.fullName ?? c.deptName,
          chamberType: c.chamberType ?? 1,
          homeRegion: c.remark,
          presidentName: personName(),
          secretaryName: personName(),
          memberCount: int(40, 600),
          establishedDate: `${int(1995, 2020)}-${String(int(1, 12)).padStart(2, '0')}-${String(int(1, 28)).padStart(2, '0')}`,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const leaders: Array<{ leaderType: number; post: string }> = [
        ...Array.from({ length: int(2, 4) }, () => ({ leaderType: 2, post: '副会长' })),
        ...Array.from({ length: int(3, 5) }, () => ({ leaderType: 3, post: '理事' })),
        ...Array.from({ length: int(1, 2) }, (_, i) => ({ leaderType: 4, post: i === 0 ? '秘书长' : '副秘书长' })),
      ];
      await tx
        .insertInto('aocChamberLeader')
        .values(
          leaders.map((l, i) => {
            const p = phone(['3', '5', '8', '9']);
            return {
              tenantId: opts.tenantId,
              chamberId: id,
              deptId: c.id,
              leaderType: l.leaderType,
              name: personName(),
              post: l.post,
              company: `${pick(WORDS)}${pick(TRADES)[0]}有限公司`,
              phoneEnc: cipher.encrypt(p),
              phoneHash: cipher.hash(p),
              sort: i + 1,
            };
          }),
        )
        .execute();
      n++;
    }
    return n;
  });
}
