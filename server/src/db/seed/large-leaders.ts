/**
 * `npm run seed:large`, second part: a realistic team (领导班子) for every federation, chamber and
 * association of the province (the demo orgs and seed:large's 10,000) — the team of its current term,
 * elected in a year from 2021 to 2025, and the federations' previous term too. Every leader is a new
 * person of the person base (人员库) linked by certificate like the leadership module links them, with an
 * identity number (GB 11643) unique by construction, phone and certificate encrypted with the product's
 * cipher. One transaction, seed_step 'large-leaders-v1' (a second run does nothing); rows generated in
 * Node while PostgreSQL writes the previous batch, ids taken from the sequences first so a leader names
 * its person without a round trip.
 */
import pg from 'pg';
import { idCardCheckChar } from '@gsl/contract';
import type { PersonalDataCipher } from '../../platform/audit/personal-data.js';
import { buildTeam, teamSeats, type TeamMember } from './demo-association.js';
import { DEMO_PROVINCE_UNION_ID, draws } from './demo-people.js';

export const LARGE_LEADERS_STEP = 'large-leaders-v1';

const DAY_MS = 86_400_000;
const BIRTH_FROM = Date.UTC(1956, 0, 1);
const BIRTH_DAYS = Math.round((Date.UTC(1988, 11, 31) - BIRTH_FROM) / DAY_MS) + 1;
const q = (v: unknown) => (v == null ? 'null' : typeof v === 'number' ? String(v) : `'${String(v).replaceAll("'", "''")}'`);
const gcd = (a: number, b: number): number => (b ? gcd(b, a % b) : a);

const PERSON_COLUMNS = [
  'tenantId',
  'deptId',
  'unionId',
  'name',
  'certType',
  'certNoEnc',
  'certNoHash',
  'gender',
  'birthDate',
  'nationality',
  'politics',
  'phoneEnc',
  'phoneHash',
  'company',
  'post',
  'visibility',
] as const;
const LEADER_COLUMNS = [
  'tenantId',
  'deptId',
  'year',
  'leaderType',
  'name',
  'certType',
  'certNoEnc',
  'certNoHash',
  'gender',
  'birthDate',
  'politics',
  'phoneEnc',
  'phoneHash',
  'company',
  'post',
  'startDate',
  'sort',
] as const;
const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

type Log = (msg: string) => void;

export async function seedLargeLeaders(client: pg.Client, cipher: PersonalDataCipher, opts: { log: Log; batch: number }) {
  const { log } = opts;
  const t0 = performance.now();
  const since = () => `${((performance.now() - t0) / 1000).toFixed(1)} s`;
  await client.query('begin');
  try {
    await client.query('set local synchronous_commit = off');
    await client.query('select pg_advisory_xact_lock(727051)');
    const step = await client.query('insert into seed_step (name) values ($1) on conflict (name) do nothing returning name', [LARGE_LEADERS_STEP]);
    if (!step.rowCount) {
      await client.query('rollback');
      return null;
    }
    const prov = await client.query<{ id_path: string }>('select id_path from blade_dept where union_id = $1 and is_deleted = 0', [DEMO_PROVINCE_UNION_ID]);
    if (!prov.rowCount) throw new Error(`the demo province (${DEMO_PROVINCE_UNION_ID}) is missing`);
    // Orgs that have no team of their own yet (the demo ones have theirs from demo-association.ts).
    const orgs = await client.query<{ id: string; tenant_id: string; dept_category: number; region_code: string | null }>(
      `select d.id::text, d.tenant_id, d.dept_category, d.region_code from blade_dept d
        where d.id_path like $1 and d.is_deleted = 0 and d.dept_category in (1, 2, 3)
          and not exists (select 1 from aoc_association_leader l where l.dept_id = d.id and l.is_deleted = 0)
        order by d.id`,
      [`${prov.rows[0].id_path}%`],
    );
    const taken = new Set((await client.query<{ h: string }>('select cert_no_hash as h from aoc_person_base where is_deleted = 0')).rows.map((r) => r.h));
    const d = draws(20261127);
    // (birth day, order code) from a bijective counter: unique numbers, scattered over the days.
    const M = BIRTH_DAYS * 500;
    let A = 7_654_321;
    while (gcd(A, M) !== 1) A++;
    let seq = 0;
    const certOf = (region: string, male: boolean) => {
      for (;;) {
        const v = (seq++ * A + 12_345) % M;
        const birth = new Date(BIRTH_FROM + (v % BIRTH_DAYS) * DAY_MS).toISOString().slice(0, 10);
        const code = Math.floor(v / BIRTH_DAYS) * 2 + (male ? 1 : 0); // 000–999, odd = male
        const first17 = `${region}${birth.replaceAll('-', '')}${String(code).padStart(3, '0')}`;
        const certNo = first17 + idCardCheckChar(first17);
        const h = cipher.hash(certNo);
        if (!taken.has(h)) return { certNo, birth };
      }
    };

    let pending: Promise<unknown> = Promise.resolve();
    let persons = 0;
    let leaders = 0;
    let batch: TeamMember[] = [];
    const flush = async () => {
      if (!batch.length) return;
      const rows = batch;
      batch = [];
      const ids = (
        await client.query<{ id: string }>(`select nextval(pg_get_serial_sequence('aoc_person_base', 'id'))::text as id from generate_series(1, $1::int)`, [
          rows.length,
        ])
      ).rows;
      const personSql = `insert into aoc_person_base (id, ${PERSON_COLUMNS.map(snake).join(', ')}) values ${rows
        .map((m, i) => `(${ids[i].id}, ${PERSON_COLUMNS.map((c) => q(m.person[c])).join(', ')})`)
        .join(',')}`;
      const leaderSql = `insert into aoc_association_leader (person_id, ${LEADER_COLUMNS.map(snake).join(', ')}) values ${rows
        .map((m, i) => `(${ids[i].id}, ${LEADER_COLUMNS.map((c) => q(m.leader[c])).join(', ')})`)
        .join(',')}`;
      await pending;
      pending = client.query(personSql).then(() => client.query(leaderSql));
      // Awaited at the next batch; a failure must not count as unhandled meanwhile.
      pending.catch(() => undefined);
      persons += rows.length;
      leaders += rows.length;
    };
    for (const [i, o] of orgs.rows.entries()) {
      const org = { id: o.id, tenantId: o.tenant_id, regionCode: o.region_code };
      const year = d.int(2021, 2025);
      batch.push(...buildTeam(org, year, teamSeats(o.dept_category, d, 'large'), d, cipher, certOf));
      if (o.dept_category === 1) batch.push(...buildTeam(org, year - 5, teamSeats(1, d, 'large'), d, cipher, certOf));
      if (batch.length >= opts.batch) await flush();
      if (i % 1000 === 999) log(`leaders: ${i + 1} of ${orgs.rowCount} orgs, ${leaders.toLocaleString('en')} leaders — ${since()}`);
    }
    await flush();
    await pending;
    log(`leaders: ${orgs.rowCount} orgs, ${leaders.toLocaleString('en')} leaders and as many persons — committing — ${since()}`);
    await client.query('commit');
    for (const table of ['aoc_association_leader', 'aoc_person_base']) await client.query(`vacuum (analyze) ${table}`);
    return { orgs: orgs.rowCount ?? 0, leaders, persons, ms: performance.now() - t0 };
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  }
}
