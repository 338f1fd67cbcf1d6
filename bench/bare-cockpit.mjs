// The baseline of the cockpit bench (bench/cockpit.mjs): a bare Fastify + pg server whose one handler runs
// the SAME SQL as GET /api/aoc-service/portal/cockpit/summary for one account whose scope is "own dept and
// below" (server/src/modules/cockpit/cockpit.repo.ts with platform/access/scope.ts's id_path predicate):
// member counts, members by subordinate federation, the facet sums (industry, year joined, missing, invalid,
// months of the last update), duplicates, chambers by type, sends by month and sign-ons by day — in
// parallel on a pool of 10, and nothing else: no client or token check, no scope lookup, no validation,
// no encryption, no envelope formatting.
//   env: DATABASE_URL, HOST, PORT, ACCOUNT (whose dept is the root and the scope), TIME_ZONE
import { bareApp, deptOf, pool, serve, timeZone as tz } from './bare-common.mjs';

const root = await deptOf('bare-cockpit', 'js_aoc');
const under = (col) => `${col} in (select under_d.id from blade_dept under_d where under_d.is_deleted = 0 and under_d.id_path like $2)`;
const part = (col) => `${col} in (select pd.id from blade_dept pd where pd.is_deleted = 0 and pd.id_path like $2)`;
const bucket = `coalesce((select pf.id::text from blade_dept pf where pf.id = nullif(split_part(substr(d.id_path, ${root.id_path.length + 1}), ',', 1), '')::bigint and pf.dept_category = 1 and pf.is_deleted = 0), 'self')`;
const P = [root.tenant_id, `${root.id_path}%`];

const COUNTS = `select c.kind, sum(c.n) as n from aoc_member_dept_count c where c.tenant_id = $1 and ${under('c.dept_id')} and ${part('c.dept_id')} group by c.kind`;
const AREA = `select b.key, sum(b.n) as n from (select ${bucket} as key, c.n from aoc_member_dept_count c join blade_dept d on d.id = c.dept_id and d.is_deleted = 0
  where c.tenant_id = $1 and c.n <> 0 and ${under('c.dept_id')} and d.id_path like $2) b group by b.key`;
const FACET = (dim, kinds) => `select s.key, '' as bucket, sum(s.n) as n from aoc_member_dept_stat s where s.tenant_id = $1 and s.dim = '${dim}'
  ${kinds ? `and s.kind in (${kinds})` : ''} and s.n <> 0 and ${under('s.dept_id')} and ${part('s.dept_id')} group by 1, 2`;
const DUP = (kind, table, extra) => `select '${kind}' as kind, '' as bucket, count(*) as n from aoc_member_dup_key k
  join ${table} m on m.tenant_id = k.tenant_id and m.name = k.name and m.is_deleted = 0 and k.extra = ${extra}
  where k.tenant_id = $1 and k.kind = '${kind}' and k.n > 1 and ${under('m.dept_id')} and ${part('m.dept_id')} group by 1, 2`;
const DUPS = `${DUP('enterprise', 'aoc_member_enterprise', "''")} union all ${DUP('group', 'aoc_member_group', "''")} union all ${DUP('person', 'aoc_member_person', 'm.birth_date::text')}`;
const CHAMBERS = `select c.chamber_type as type, count(*) as n from aoc_chamber c where c.is_deleted = 0 and c.tenant_id = $1 and ${under('c.dept_id')} and ${part('c.dept_id')} group by 1`;
const SENDS = `select to_char(s.create_time at time zone $3, 'YYYY-MM') as month, s.channel, count(*) as sends, sum(s.recipient_count) as recipients
  from msg_send s where s.is_deleted = 0 and s.tenant_id = $1 and s.create_time >= now() - interval '12 months' and ${under('s.dept_id')} group by 1, 2`;
const LOGINS = `select to_char(l.create_time at time zone $3, 'YYYY-MM-DD') as day, count(*) as count, count(distinct l.user_id) as users
  from blade_user_login_log l where l.success = 1 and l.create_time >= now() - interval '30 days' and l.tenant_id = $1 and ${under('l.dept_id')} group by 1`;

const q = async (text, params = P) => (await pool.query(text, params)).rows;
const app = bareApp();
app.get('/summary', async () => {
  const [counts, area, industry, years, missing, invalid, months, dups, chambers, sends, logins] = await Promise.all([
    q(COUNTS),
    q(AREA),
    q(FACET('industry', "'enterprise'")),
    q(FACET('joinYear')),
    q(FACET('missing')),
    q(FACET('invalid')),
    q(FACET('updMonth')),
    q(DUPS),
    q(CHAMBERS),
    q(SENDS, [...P, tz]),
    q(LOGINS, [...P, tz]),
  ]);
  const by = Object.fromEntries(counts.map((r) => [r.kind, Number(r.n)]));
  const members = { enterprise: by.enterprise ?? 0, group: by.group ?? 0, person: by.person ?? 0 };
  const sum = (rs) => rs.reduce((s, r) => s + Number(r.n), 0);
  const data = {
    members: { total: members.enterprise + members.group + members.person, ...members },
    areas: area.length,
    industries: industry.length,
    years: years.length,
    quality: { missing: sum(missing), invalid: sum(invalid), duplicate: sum(dups), months: months.length },
    chambers: sum(chambers),
    sends: sends.length,
    logins: logins.length,
  };
  return { code: 200, success: true, data, msg: '操作成功' };
});

await serve(app);
