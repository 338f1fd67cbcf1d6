/**
 * Demo leadership (领导班子): every federation, chamber and association of the demo province gets its
 * team of its current term (2021) and the federations their previous one (2016). Every leader is a person
 * of the person base (人员库) with a valid identity number (GB 11643), encrypted certificate and phone,
 * linked by certificate as the leadership module links them. Deterministic (fixed PRNG seed); runs once
 * per database (seed_step 'demo-association-v1'). `npm run seed:large` uses the same team plan, bigger.
 */
import { randomUUID } from 'node:crypto';
import { LEADER_TYPE, idCardCheckChar } from '@gsl/contract';
import type { Db } from '../connection.js';
import { personalDataCipher, type PersonalDataCipher } from '../../platform/audit/personal-data.js';
import { FEMALE_GIVEN, MALE_GIVEN, SURNAMES, demoStep, draws, region6 } from './demo-people.js';

const L = LEADER_TYPE;
const BRANDS = '华恒瑞宏金天中永鑫东远博海隆德丰锦新亨通长润江启明科诚汇泰盛康达聚源嘉和信益利'.split('');
const TRADES = ['科技', '实业', '建设', '贸易', '电子', '纺织', '医药', '物流', '新材料', '智能装备', '食品', '置业'];

/** One seat of a team: its type and the post as staff write it. */
export interface Seat {
  leaderType: number;
  post: string;
}

type Draws = ReturnType<typeof draws>;

/**
 * The seats of one org's team: a federation has 主席, 党组书记, 副主席 (the first 常务) and a secretariat
 * (秘书长 first); a chamber or association 会长, usually a 党支部书记, 副会长 (常务 first), 理事 (a few 常务理事)
 * and a secretariat. `scale` 'demo' keeps teams small, 'large' makes them realistic (about 30 people).
 */
export function teamSeats(category: number, d: Draws, scale: 'demo' | 'large'): Seat[] {
  const big = scale === 'large';
  const seats: Seat[] = [];
  const add = (leaderType: number, posts: string[]) => seats.push(...posts.map((post) => ({ leaderType, post })));
  const list = (n: number, first: string[], rest: string) => Array.from({ length: n }, (_, i) => first[i] ?? rest);
  const secretariat = list(big ? d.int(2, 5) : d.int(1, 2), ['秘书长', '副秘书长'], '干事');
  if (category === 1) {
    add(L.chairman, ['主席']);
    add(L.partySecretary, ['党组书记']);
    add(L.viceChairman, list(big ? d.int(6, 12) : d.int(2, 3), ['常务副主席'], '副主席'));
    add(L.secretariat, secretariat);
    return seats;
  }
  add(L.president, ['会长']);
  if (d.rnd() < 0.7) add(L.partySecretary, ['党支部书记']);
  add(L.vicePresident, list(big ? d.int(5, 12) : d.int(2, 3), ['常务副会长', '常务副会长'], '副会长'));
  add(L.council, list(big ? d.int(10, 25) : d.int(2, 4), ['常务理事', '常务理事', '常务理事'], '理事'));
  add(L.secretariat, secretariat);
  return seats;
}

/** A person of the person base and the leader rows that are that person (column names as the tables spell them). */
export interface TeamMember {
  person: Record<string, unknown>;
  leader: Record<string, unknown>;
}

/**
 * Builds one team's people: a new person (name, identity number from `certOf`, phone, company) per seat,
 * and the seat's leader row with the same encrypted numbers. `personId` is filled in by the caller.
 */
export function buildTeam(
  org: { id: string; tenantId: string; regionCode: string | null },
  year: number,
  seats: Seat[],
  d: Draws,
  cipher: PersonalDataCipher,
  certOf: (region: string, male: boolean) => { certNo: string; birth: string },
): TeamMember[] {
  const perSort = new Map<number, number>();
  return seats.map((seat) => {
    const male = d.rnd() < 0.82;
    const { certNo, birth } = certOf(region6(org.regionCode), male);
    const name = d.pick(SURNAMES)[0] + d.pick(male ? MALE_GIVEN : FEMALE_GIVEN).given;
    const mobile = d.phone();
    const company = `${d.pick(BRANDS)}${d.pick(BRANDS)}${d.pick(TRADES)}有限公司`;
    const numbers = {
      certNoEnc: cipher.encrypt(certNo),
      certNoHash: cipher.hash(certNo),
      phoneEnc: cipher.encrypt(mobile),
      phoneHash: cipher.hash(mobile),
    };
    const politics = d.pick([1, 1, 1, 4, 5, 6]);
    const sort = (perSort.get(seat.leaderType) ?? 0) + 1;
    perSort.set(seat.leaderType, sort);
    return {
      person: {
        tenantId: org.tenantId,
        deptId: org.id,
        unionId: `P${randomUUID().replace(/-/g, '')}`,
        name,
        certType: 1,
        ...numbers,
        gender: male ? 1 : 2,
        birthDate: birth,
        nationality: '中国',
        politics,
        company,
        post: '董事长',
        visibility: 2,
      },
      leader: {
        tenantId: org.tenantId,
        deptId: org.id,
        year,
        leaderType: seat.leaderType,
        name,
        certType: 1,
        ...numbers,
        gender: male ? 1 : 2,
        birthDate: birth,
        politics,
        company,
        post: seat.post,
        startDate: `${year}-0${d.int(1, 9)}-${String(d.int(10, 28))}`,
        sort,
      },
    };
  });
}

export async function seedDemoLeaders(db: Db, opts: { production: boolean }): Promise<number | null> {
  const cipher = await personalDataCipher(db, { production: opts.production });
  return demoStep(db, 727033, 'demo-association-v1', async (tx, provincePath) => {
    const orgs = await tx
      .selectFrom('bladeDept')
      .select(['id', 'tenantId', 'deptCategory', 'regionCode'])
      .where('idPath', 'like', `${provincePath}%`)
      .where('isDeleted', '=', 0)
      .where('deptCategory', 'in', [1, 2, 3])
      .orderBy('id')
      .execute();
    const d = draws(20261115);
    const taken = new Set((await tx.selectFrom('aocPersonBase').select('certNoHash').where('isDeleted', '=', 0).execute()).map((r) => r.certNoHash));
    const certOf = (region: string, male: boolean) => {
      for (;;) {
        const birth = d.day(1958, 1990);
        const first17 = `${region}${birth.replaceAll('-', '')}${d.int(0, 9)}${String(d.int(0, 49) * 2 + (male ? 1 : 0)).padStart(2, '0')}`;
        const certNo = first17 + idCardCheckChar(first17);
        const h = cipher.hash(certNo);
        if (!taken.has(h)) {
          taken.add(h);
          return { certNo, birth };
        }
      }
    };
    const members: TeamMember[] = [];
    for (const o of orgs) {
      const org = { id: String(o.id), tenantId: o.tenantId, regionCode: o.regionCode };
      members.push(...buildTeam(org, 2021, teamSeats(o.deptCategory, d, 'demo'), d, cipher, certOf));
      if (o.deptCategory === 1) members.push(...buildTeam(org, 2016, teamSeats(1, d, 'demo'), d, cipher, certOf));
    }
    for (let i = 0; i < members.length; i += 500) {
      const chunk = members.slice(i, i + 500);
      const ids = await tx
        .insertInto('aocPersonBase')
        .values(chunk.map((m) => m.person) as never)
        .returning('id')
        .execute();
      // Multi-row INSERT … RETURNING answers in the VALUES order.
      await tx
        .insertInto('aocAssociationLeader')
        .values(chunk.map((m, j) => ({ ...m.leader, personId: ids[j].id })) as never)
        .execute();
    }
    return members.length;
  });
}

/**
 * The demo resume of every org (associationbase and 大事记): its term (第N届, elected in 2021), council size and
 * 秘书长, and the dated events of its last two terms. Runs once per database (seed_step 'demo-association-resume-v1').
 */
export async function seedDemoResume(db: Db): Promise<number | null> {
  return demoStep(db, 727034, 'demo-association-resume-v1', async (tx, provincePath) => {
    const orgs = await tx
      .selectFrom('bladeDept')
      .select(['id', 'tenantId', 'deptName', 'deptCategory'])
      .where('idPath', 'like', `${provincePath}%`)
      .where('isDeleted', '=', 0)
      .where('deptCategory', 'in', [1, 2, 3])
      .orderBy('id')
      .execute();
    const d = draws(20261116);
    const ordinal = (n: number) => ['', '一', '二', '三', '四', '五', '六', '七', '八', '九', '十'][n] ?? String(n);
    const bases = [];
    const events = [];
    for (const o of orgs) {
      const term = o.deptCategory === 1 ? d.int(9, 10) : d.int(2, 6);
      const month = String(d.int(3, 11)).padStart(2, '0');
      bases.push({
        tenantId: o.tenantId,
        deptId: o.id,
        termNo: term,
        termYears: 5,
        termStartDate: `2021-${month}-18`,
        termEndDate: `2026-${month}-17`,
        electionMonth: `2021-${month}`,
        councilSize: o.deptCategory === 1 ? null : d.int(20, 60),
        standingCouncilSize: o.deptCategory === 1 ? null : d.int(8, 15),
        congressSize: d.int(80, 300),
        secretaryGeneral: `${['王', '李', '张', '刘', '陈'][d.int(0, 4)]}${['建国', '志强', '海燕', '明', '文华'][d.int(0, 4)]}`,
        secretariatSize: d.int(3, 12),
      });
      const who = o.deptCategory === 1 ? '执行委员会' : '理事会';
      events.push(
        {
          tenantId: o.tenantId,
          deptId: o.id,
          eventDate: `2016-${month}-18`,
          title: `${o.deptName}第${ordinal(term - 1)}届会员代表大会召开`,
          content: `大会选举产生第${ordinal(term - 1)}届${who}和领导班子。`,
        },
        {
          tenantId: o.tenantId,
          deptId: o.id,
          eventDate: `2021-${month}-18`,
          title: `${o.deptName}第${ordinal(term)}届会员代表大会召开`,
          content: `大会审议通过工作报告,选举产生第${ordinal(term)}届${who}和领导班子。`,
        },
        {
          tenantId: o.tenantId,
          deptId: o.id,
          eventDate: `2024-${String(d.int(1, 12)).padStart(2, '0')}-${String(d.int(10, 28))}`,
          title: '开展“四好”商会建设推进活动',
          content: null,
        },
      );
    }
    if (bases.length) await tx.insertInto('aocAssociationBase').values(bases).execute();
    for (let i = 0; i < events.length; i += 500)
      await tx
        .insertInto('aocAssociationHistory')
        .values(events.slice(i, i + 500))
        .execute();
    return events.length;
  });
}
