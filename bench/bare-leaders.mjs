// The baseline of the leadership bench (bench/leaders.mjs): a bare Fastify + pg server whose one handler
// runs the SAME SQL as GET /api/aoc-service/associationcommerce/lower-list?current=&size= for one account —
// the count, the page with each org's current term (the latest year ≤ YEAR with leaders) and the team
// summaries of the page, as server/src/modules/association/lower.repo.ts and platform/access/scope.ts
// ("own dept and below" on id_path) compile them — and nothing else: no client or token check, no actor or
// scope lookup, no validation, no encryption, no envelope formatting. Pool of 10 and the session time zone
// as the product.
//   env: DATABASE_URL, HOST, PORT, ACCOUNT (whose dept is the root and the scope), YEAR, TIME_ZONE
import { bareApp, deptOf, pageEnvelope, pool, serve } from './bare-common.mjs';

const year = Number(process.env.YEAR || new Date().getFullYear());
const root = await deptOf('bare-leaders', 'js_aoc');

const CURRENT = `(select max(cy.year) from aoc_association_leader cy where cy.dept_id = d.id and cy.is_deleted = 0 and cy.year <= $6)`;
const WHERE = `from "blade_dept" as "d"
  where ("d"."tenant_id" = $1 and "d"."is_deleted" = $2 and "d"."dept_category" in (1, 2, 3) and "d"."id_path" like $3 and "d"."id" <> $4
    and "d"."id" in (select "under_d"."id" from "blade_dept" as "under_d" where "under_d"."is_deleted" = 0 and "under_d"."id_path" like $5))`;
const COUNT_SQL = `select count(*) as "n" ${WHERE}`;
const PAGE_SQL = `select "d"."id", "d"."dept_name", "d"."full_name", "d"."dept_category", "d"."chamber_type", "d"."parent_id", "p"."dept_name" as "parent_name", "d"."region_code", ${CURRENT} as "year"
  ${WHERE.replace('from "blade_dept" as "d"', 'from "blade_dept" as "d" left join "blade_dept" as "p" on "p"."id" = "d"."parent_id"')}
  order by "d"."dept_category", "d"."sort", "d"."id" limit $7 offset $8`;
const SUMMARY_SQL = `select l.dept_id::text as dept_id, l.leader_type, count(*)::int as n, (array_agg(l.name order by l.sort, l.id))[1] as first_name
  from unnest($1::bigint[], $2::int[]) as t(dept_id, year)
  join aoc_association_leader l on l.dept_id = t.dept_id and l.year = t.year and l.is_deleted = 0
  group by l.dept_id, l.leader_type`;

const app = bareApp();
app.get('/lower-list', async (req) => {
  const current = Math.max(1, Number(req.query.current) || 1);
  const size = Math.min(5000, Math.max(1, Number(req.query.size) || 10));
  const params = [root.tenant_id, 0, `${root.id_path}%`, root.id, `${root.id_path}%`, year];
  const total = Number((await pool.query(COUNT_SQL, params.slice(0, 5))).rows[0].n);
  const page = total === 0 ? [] : (await pool.query(PAGE_SQL, [...params, size, (current - 1) * size])).rows;
  const terms = page.filter((r) => r.year !== null);
  const sums = terms.length ? (await pool.query(SUMMARY_SQL, [`{${terms.map((r) => r.id).join(',')}}`, `{${terms.map((r) => r.year).join(',')}}`])).rows : [];
  const byDept = new Map();
  for (const s of sums) byDept.set(`${s.dept_id}:${s.leader_type}`, s);
  const records = page.map((r) => ({
    deptId: r.id,
    deptName: r.dept_name,
    year: r.year,
    chairmanName: byDept.get(`${r.id}:5`)?.first_name ?? null,
    presidentName: byDept.get(`${r.id}:1`)?.first_name ?? null,
    leaderCount: [1, 2, 3, 4, 5, 6, 7].reduce((a, t) => a + (byDept.get(`${r.id}:${t}`)?.n ?? 0), 0),
  }));
  return pageEnvelope(records, total, size, current);
});

await serve(app);
