/**
 * `npm run seed:large`: a whole province on PostgreSQL, on top of the demo
 * data — LARGE_ORGS chambers and associations (depts under the demo federations, with aoc_chamber rows
 * for the chambers and a group-member row at their federation), LARGE_ENTERPRISES member enterprises and
 * LARGE_PERSONS member persons spread over every org of the demo province.
 *
 * Realistic Chinese names (the demo name lists), unified social credit codes and resident identity numbers
 * with correct check characters (packages/contract codes.ts) that are unique by construction (a bijective
 * counter, never a random draw), phone and certificate numbers encrypted with the product's own
 * personal-data cipher (so the server reads them).
 *
 * Fast: rows are generated in Node while PostgreSQL writes the previous batch (multi-row INSERTs of
 * LARGE_BATCH rows, literal values, simple protocol), in ONE transaction: an interrupted run leaves
 * nothing behind, and the seed_step row 'large-province-v1' commits with the data (a second run says the
 * province exists and does nothing). VACUUM ANALYZE afterwards (plans and index-only counts).
 */
import pg from 'pg';
import { creditCheckChar, idCardCheckChar } from '@gsl/contract';
import type { PersonalDataCipher } from '../../platform/audit/personal-data.js';
import { POSTS, TRADES } from './demo-members.js';
import { DEMO_PROVINCE_UNION_ID, FEMALE_GIVEN, MALE_GIVEN, MOBILE_PREFIXES, SURNAMES, draws, orgCode } from './demo-people.js';

export const LARGE_STEP = 'large-province-v1';

export interface LargeSizes {
  orgs: number;
  enterprises: number;
  persons: number;
  batch: number;
}

export function largeSizes(env: NodeJS.ProcessEnv = process.env): LargeSizes {
  const n = (name: string, dflt: number, min = 0) => {
    const raw = env[name];
    if (raw === undefined || raw === '') return dflt;
    const v = Number(raw.replaceAll('_', ''));
    if (!Number.isInteger(v) || v < min) throw new Error(`${name} must be an integer ≥ ${min}, got "${raw}"`);
    return v;
  };
  return {
    orgs: n('LARGE_ORGS', 10_000),
    enterprises: n('LARGE_ENTERPRISES', 1_000_000),
    persons: n('LARGE_PERSONS', 2_000_000),
    batch: n('LARGE_BATCH', 2_000, 1),
  };
}

const INDUSTRIES = (
  '电子信息 软件和信息服务 新材料 新能源 装备制造 生物医药 纺织服装 建筑业 交通物流 食品加工 节能环保 批发零售 餐饮 房地产 家具 ' +
  '汽车零部件 光伏 化工 冶金 金融服务 文化旅游 电子商务 农业 水产 茶叶 花木 钢结构 船舶 医疗器械 物业管理 会展 广告 人力资源 检验检测 ' +
  '集成电路 智能制造 跨境电商 家纺 五金 机械'
).split(' ');
const ORIGINS = (
  '浙江 福建 安徽 江西 河南 湖北 湖南 广东 山东 四川 重庆 贵州 云南 陕西 甘肃 河北 山西 辽宁 吉林 黑龙江 广西 海南 新疆 内蒙古 ' +
  '温州 台州 宁波 泉州 莆田 晋江 潮汕 徽州 赣州 信阳'
).split(' ');
const STREETS = '新街口 湖南路 中华门 东山 淳化 桥林 城东 城西 城南 城北 滨江 开发区 高新区 经济园 科技城 港口 新城 老城 湖滨 山北'.split(' ');
const ASSOC = ['企业家协会', '青年企业家协会', '女企业家协会', '民营企业协会', '个体劳动者协会', '光彩事业促进会', '科技企业协会', '同业公会'];
// Brand characters of enterprise names (two make a brand: 38 × 38 = 1,444 brands).
const BRAND = '华恒瑞宏金天中永鑫东远博海隆德丰锦新亨通长润江启明科诚汇泰盛康达聚源嘉和信益利'.split('');
const TRADE_NAMES = [...TRADES.map(([t]) => t), '实业', '贸易', '机械制造', '建材', '文化传媒', '信息技术', '餐饮管理', '置业', '医疗器械', '供应链管理'];
const COMPANY_FORM = ['有限公司', '有限公司', '有限公司', '股份有限公司', '集团有限公司'];

const DAY_MS = 86_400_000;
const BIRTH_FROM = Date.UTC(1958, 0, 1);
const BIRTH_DAYS = Math.round((Date.UTC(1995, 11, 31) - BIRTH_FROM) / DAY_MS) + 1; // 13,879

const gcd = (a: number, b: number): number => (b ? gcd(b, a % b) : a);
/** A multiplier coprime with m: i → (i × A + B) mod m is a bijection of 0..m-1 (unique, scattered). */
function coprime(m: number, start: number): number {
  let a = start;
  while (gcd(a, m) !== 1) a++;
  return a;
}

const q = (v: string | null | undefined) => (v == null ? 'null' : `'${String(v).replaceAll("'", "''")}'`);
const ymd = (t: number) => new Date(t).toISOString().slice(0, 10);

interface Org {
  id: string;
  regionCode: string;
  /** Short place names for enterprise names: the city's (南京) and, below a county federation, the county's (江宁). */
  city: string;
  county: string | null;
  category: number;
}

type Log = (msg: string) => void;

/**
 * Seeds the province in one transaction on `client` (a dedicated pg.Client). Returns null when the
 * province already exists (seed_step), else the counts.
 */
export async function seedLarge(client: pg.Client, cipher: PersonalDataCipher, opts: { tenantId: string; sizes: LargeSizes; log: Log }) {
  const { tenantId, sizes, log } = opts;
  const t0 = performance.now();
  const since = () => `${((performance.now() - t0) / 1000).toFixed(1)} s`;
  const { rnd, int, pick } = draws(20260520);

  await client.query('begin');
  try {
    await client.query('set local synchronous_commit = off');
    await client.query('select pg_advisory_xact_lock(727050)');
    const step = await client.query('insert into seed_step (name) values ($1) on conflict (name) do nothing returning name', [LARGE_STEP]);
    if (!step.rowCount) {
      await client.query('rollback');
      return null;
    }

    // ── the demo province's tree ──
    const prov = await client.query(`select id::text, id_path, ancestors from blade_dept where union_id = $1 and is_deleted = 0`, [DEMO_PROVINCE_UNION_ID]);
    if (!prov.rowCount)
      throw new Error(`the demo province (${DEMO_PROVINCE_UNION_ID}) is missing: seed:large builds on the demo data (DEMO_DATA on, NODE_ENV not production)`);
    const tree = await client.query<{
      id: string;
      parent_id: string;
      dept_name: string;
      dept_category: number;
      region_code: string | null;
      region_level: number | null;
      id_path: string;
      ancestors: string;
    }>(
      `select id::text, parent_id::text, dept_name, dept_category, region_code, region_level, id_path, ancestors from blade_dept
        where id_path like $1 and is_deleted = 0 and dept_category in (1, 2, 3) order by id`,
      [`${prov.rows[0].id_path}%`],
    );
    const byId = new Map(tree.rows.map((r) => [r.id, r]));
    const provinceId = prov.rows[0].id;
    const feds = tree.rows.filter((r) => r.dept_category === 1).sort((a, b) => (a.id === provinceId ? -1 : b.id === provinceId ? 1 : 0)); // the province first
    const short = (name: string) =>
      name
        .replace(/工商联$/, '')
        .replace(/^江苏省$/, '江苏')
        .replace(/(市|区|县)$/, '');
    /** Place names of a federation: 南京市江宁区工商联 → city 南京, county 江宁; 昆山市工商联 (a county-level city) → 昆山. */
    const places = (fed: (typeof tree.rows)[number]) => {
      const parent = byId.get(fed.parent_id);
      if (fed.region_level === 3 && parent) {
        const cityName = parent.dept_name.replace(/工商联$/, '');
        const own = fed.dept_name.replace(/工商联$/, '').replace(cityName, '');
        return { city: short(parent.dept_name), county: short(own) };
      }
      return { city: short(fed.dept_name), county: null };
    };
    const fedPlaces = new Map(feds.map((f) => [f.id, places(f)]));
    const fedOf = (id: string) => {
      let r = byId.get(id);
      while (r && r.dept_category !== 1) r = byId.get(r.parent_id);
      return r;
    };

    // ── LARGE_ORGS chambers and associations under the federations ──
    const orgs: Org[] = tree.rows.map((r) => {
      const f = fedOf(r.id);
      const p = f ? fedPlaces.get(f.id)! : { city: '江苏', county: null };
      return { id: r.id, regionCode: (r.region_code ?? '320000').padEnd(6, '0').slice(0, 6), city: p.city, county: p.county, category: r.dept_category };
    });
    if (sizes.orgs) {
      const ids = (
        await client.query<{ id: string }>(`select nextval(pg_get_serial_sequence('blade_dept', 'id'))::text as id from generate_series(1, $1::int)`, [
          sizes.orgs,
        ])
      ).rows.map((r) => r.id);
      const taken = new Set(tree.rows.map((r) => `${r.parent_id}/${r.dept_name}`));
      const depts: string[] = [];
      const chambers: string[] = [];
      const groups: string[] = [];
      const usedGroupCredit = new Set(
        (await client.query<{ c: string }>('select credit_code as c from aoc_member_group where credit_code is not null')).rows.map((r) => r.c),
      );
      let groupCodeSeq = 0;
      const A = coprime(89_999_999, 7_654_321);
      for (let i = 0; i < sizes.orgs; i++) {
        // Cities and counties get most of them; the province some (its industry chambers and 江苏在外地商会).
        const fed = rnd() < 0.04 ? feds[0] : feds[1 + Math.floor(rnd() * (feds.length - 1))];
        const p = fedPlaces.get(fed.id)!;
        const place = fed.dept_name.replace(/工商联$/, '');
        const roll = rnd();
        let name = '';
        let category = 2;
        let chamberType = 1;
        let remark: string | null = null;
        for (let attempt = 0; !name || taken.has(`${fed.id}/${name}`); attempt++) {
          if (attempt > 20) name = `${place}${pick(INDUSTRIES)}商会（${i + 1}）`;
          else if (roll < 0.6) {
            category = 2;
            chamberType = 1;
            name = `${place}${pick(INDUSTRIES)}${pick(['商会', '商会', '行业商会', '同业商会'])}`;
          } else if (roll < 0.75) {
            category = 2;
            chamberType = 2;
            name = `${place}${pick(STREETS)}${pick(['街道', '镇', '园区'])}商会`;
          } else if (roll < 0.85 && fed !== feds[0]) {
            category = 2;
            chamberType = 3;
            const o = pick(ORIGINS);
            name = `${place}${o}商会`;
            remark = `${o}籍企业家`;
          } else if (roll < 0.85) {
            category = 2;
            chamberType = 4;
            const o = pick(ORIGINS);
            name = `${o}江苏商会`;
            remark = `驻${o}`;
          } else {
            category = 3;
            chamberType = 1;
            name = `${place}${pick(INDUSTRIES)}${pick(ASSOC)}`;
          }
          if (attempt > 20 && taken.has(`${fed.id}/${name}`)) name = `${place}${pick(INDUSTRIES)}商会（${i + 1}-${attempt}）`;
        }
        taken.add(`${fed.id}/${name}`);
        const id = ids[i];
        const region = (fed.region_code ?? '320000').padEnd(6, '0').slice(0, 6);
        const fullName = name;
        depts.push(
          `(${id}, ${q(tenantId)}, ${fed.id}, ${q(`${fed.ancestors},${fed.id}`)}, ${q(`${fed.id_path}${id},`)}, ${category}, ${q(name)}, ${q(fullName)}, ${q(fed.region_code)}, ${fed.region_level ?? 'null'}, ${category === 2 ? chamberType : 'null'}, ${100 + i}, ${q(remark)})`,
        );
        const president = personName(rnd() < 0.85);
        if (category === 2) {
          const est = ymd(Date.UTC(int(1995, 2022), int(0, 11), int(1, 28)));
          chambers.push(
            `(${q(tenantId)}, ${id}, ${id}, ${q(name)}, ${q(fullName)}, ${chamberType}, ${q(remark)}, ${q(president)}, ${q(personName(rnd() < 0.5))}, ${q(est)}, ${int(30, 800)})`,
          );
        }
        // A chamber or association is a group member (团体会员) of the federation it hangs under.
        let credit = '';
        do {
          const body = orgCode(String(10_000_000 + ((groupCodeSeq++ * A + 1234) % 89_999_999)));
          const first17 = `51${region}${body}`;
          credit = first17 + creditCheckChar(first17);
        } while (usedGroupCredit.has(credit));
        usedGroupCredit.add(credit);
        const join = ymd(Date.UTC(int(2005, 2024), int(0, 11), int(1, 28)));
        groups.push(
          `(${q(tenantId)}, ${fed.id}, ${q(name)}, ${q(credit)}, ${category === 2 ? 1 : 2}, ${id}, ${q(president)}, ${q(region)}, ${q(personName(rnd() < 0.5))}, ${int(30, 600)}, ${q(join)}, ${int(1, 3)}, 1, ${q(join)}::timestamptz + interval '9 hours')`,
        );
        orgs.push({ id, regionCode: region, city: p.city, county: p.county, category });
      }
      for (let i = 0; i < depts.length; i += sizes.batch) {
        await client.query(
          `insert into blade_dept (id, tenant_id, parent_id, ancestors, id_path, dept_category, dept_name, full_name, region_code, region_level, chamber_type, sort, remark) values ${depts.slice(i, i + sizes.batch).join(',')}`,
        );
      }
      for (let i = 0; i < chambers.length; i += sizes.batch) {
        await client.query(
          `insert into aoc_chamber (tenant_id, dept_id, chamber_dept_id, name, admin_name, chamber_type, home_region, president_name, secretary_name, established_date, member_count) values ${chambers.slice(i, i + sizes.batch).join(',')}`,
        );
      }
      for (let i = 0; i < groups.length; i += sizes.batch) {
        await client.query(
          `insert into aoc_member_group (tenant_id, dept_id, name, credit_code, group_type, org_dept_id, legal_person, region_code, contact_name, member_count, join_date, member_level, status, create_time) values ${groups.slice(i, i + sizes.batch).join(',')}`,
        );
      }
      log(
        `${sizes.orgs.toLocaleString('en')} chambers and associations (${chambers.length.toLocaleString('en')} aoc_chamber rows, ${groups.length.toLocaleString('en')} group members) — ${since()}`,
      );
    }

    function personName(male: boolean) {
      return pick(SURNAMES)[0] + pick(male ? MALE_GIVEN : FEMALE_GIVEN).given;
    }
    const phone = () => `${pick(MOBILE_PREFIXES)}${String(int(0, 99_999_999)).padStart(8, '0')}`;
    /** A member's org: every org of the province, the federations a little more often. */
    const orgOf = () => orgs[Math.floor(rnd() * orgs.length)];

    /** Generates batch k while the previous INSERT runs; prints progress every ~10 %. */
    async function pipeline(label: string, total: number, make: (from: number, to: number) => string) {
      const t = performance.now();
      let inFlight: Promise<unknown> | null = null;
      let nextReport = total / 10;
      for (let from = 0; from < total; from += sizes.batch) {
        const to = Math.min(total, from + sizes.batch);
        const text = make(from, to);
        if (inFlight) await inFlight;
        inFlight = client.query(text);
        if (to >= nextReport || to === total) {
          const s = (performance.now() - t) / 1000;
          log(`${label}: ${to.toLocaleString('en')} / ${total.toLocaleString('en')} (${Math.round(to / s).toLocaleString('en')} rows/s) — ${since()}`);
          nextReport += total / 10;
        }
      }
      if (inFlight) await inFlight;
    }

    // ── enterprises ──
    if (sizes.enterprises) {
      const existing = new Set(
        (await client.query<{ c: string }>('select credit_code as c from aoc_member_enterprise where is_deleted = 0')).rows.map((r) => r.c),
      );
      const M = 89_999_999;
      const A = coprime(M, 48_271_113);
      let seq = 0;
      const creditCode = (region: string) => {
        for (;;) {
          const first17 = `91${region}${orgCode(String(10_000_000 + ((seq++ * A + 777) % M)))}`;
          const code = first17 + creditCheckChar(first17);
          if (!existing.has(code)) return code;
        }
      };
      const now = Date.now();
      await pipeline('member enterprises', sizes.enterprises, (from, to) => {
        const values: string[] = [];
        for (let i = from; i < to; i++) {
          const o = orgOf();
          const place = o.county && rnd() < 0.4 ? o.county : o.city;
          const [, industry] = pick(TRADES);
          const name = `${place}${pick(BRAND)}${pick(BRAND)}${pick(TRADE_NAMES)}${pick(COMPANY_FORM)}`;
          const p = phone();
          const joinT = Date.UTC(int(2000, 2025), int(0, 11), int(1, 28));
          const created = Math.min(now, joinT + int(0, (30 * DAY_MS) / 1000) * 1000);
          values.push(
            `(${q(tenantId)}, ${o.id}, ${q(name)}, ${q(creditCode(o.regionCode))}, ${q(personName(rnd() < 0.8))}, ${q(industry)}, ${int(1, 4)}, ${q(o.regionCode)}, ${q(`${place}${pick(STREETS)}路${int(1, 999)}号`)}, ${q(personName(rnd() < 0.5))}, ${q(cipher.encrypt(p))}, ${q(cipher.hash(p))}, ${q(ymd(joinT))}, ${int(1, 4)}, ${pick([1, 1, 1, 2, 3, 4, 5])}, ${rnd() < 0.9 ? 1 : 2}, ${q(new Date(created).toISOString())}, ${q(new Date(created).toISOString())})`,
          );
        }
        return `insert into aoc_member_enterprise (tenant_id, dept_id, name, credit_code, legal_person, industry, scale, region_code, address, contact_name, contact_phone_enc, contact_phone_hash, join_date, member_level, member_type, status, create_time, update_time) values ${values.join(',')}`;
      });
    }

    // ── persons ──
    if (sizes.persons) {
      const existing = new Set(
        (await client.query<{ h: string }>('select cert_no_hash as h from aoc_member_person where is_deleted = 0 and cert_type = 1')).rows.map((r) => r.h),
      );
      // (birth day, order code) is unique per counter value: 13,879 days × 1,000 codes = 13.9 million numbers.
      const M = BIRTH_DAYS * 1000;
      if (sizes.persons > M - existing.size) throw new Error(`LARGE_PERSONS: at most ${M - existing.size} unique identity numbers`);
      const A = coprime(M, 2_654_435);
      let seq = 0;
      const now = Date.now();
      await pipeline('member persons', sizes.persons, (from, to) => {
        const values: string[] = [];
        for (let i = from; i < to; i++) {
          const o = orgOf();
          let cert: string, certHash: string, birth: string, male: boolean;
          for (;;) {
            const v = (seq++ * A + 99) % M;
            const day = v % BIRTH_DAYS;
            const code = Math.floor(v / BIRTH_DAYS); // 000–999; odd = male
            birth = ymd(BIRTH_FROM + day * DAY_MS);
            male = code % 2 === 1;
            const first17 = `${o.regionCode}${birth.replaceAll('-', '')}${String(code).padStart(3, '0')}`;
            cert = first17 + idCardCheckChar(first17);
            certHash = cipher.hash(cert);
            if (!existing.has(certHash)) break;
          }
          const p = phone();
          const joinT = Date.UTC(int(2000, 2025), int(0, 11), int(1, 28));
          const created = Math.min(now, joinT + int(0, (30 * DAY_MS) / 1000) * 1000);
          const company = `${o.county && rnd() < 0.4 ? o.county : o.city}${pick(BRAND)}${pick(BRAND)}${pick(TRADE_NAMES)}有限公司`;
          values.push(
            `(${q(tenantId)}, ${o.id}, ${q(personName(male))}, 1, ${q(cipher.encrypt(cert))}, ${q(certHash)}, ${male ? 1 : 2}, ${q(birth)}, '中国', ${q(o.county ?? o.city)}, ${pick([1, 1, 4, 5, 6])}, ${int(1, 5)}, ${q(cipher.encrypt(p))}, ${q(cipher.hash(p))}, ${q(company)}, ${q(pick(POSTS))}, ${q(o.regionCode)}, ${q(ymd(joinT))}, ${int(1, 5)}, ${rnd() < 0.92 ? 1 : 2}, ${q(new Date(created).toISOString())}, ${q(new Date(created).toISOString())})`,
          );
        }
        return `insert into aoc_member_person (tenant_id, dept_id, name, cert_type, cert_no_enc, cert_no_hash, gender, birth_date, nationality, native_place, politics, education, phone_enc, phone_hash, company, post, region_code, join_date, member_level, status, create_time, update_time) values ${values.join(',')}`;
      });
    }

    log(`committing — ${since()}`);
    await client.query('commit');
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  }
  // Fresh statistics and visibility map: the planner's estimates and index-only counts depend on them.
  for (const table of ['blade_dept', 'aoc_chamber', 'aoc_member_group', 'aoc_member_enterprise', 'aoc_member_person', 'aoc_member_dept_count']) {
    const t = performance.now();
    await client.query(`vacuum (analyze) ${table}`);
    log(`vacuum analyze ${table}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
  }
  return { orgs: sizes.orgs, enterprises: sizes.enterprises, persons: sizes.persons, ms: performance.now() - t0 };
}
