// The baseline of the load run (bench/load.mjs): a bare Fastify + pg server whose one handler runs
// the SAME SQL as GET /api/aoc-service/portal/userlogin/list?current=1&size=10 for one account —
// the count and the page query that userlogin.repo.ts + platform/access/scope.ts + platform/http/paging.ts
// produce (as Kysely compiles them), with the "own dept and below" predicate on id_path — and nothing
// else: no client or token check, no actor or scope lookup, no validation, no encryption, no envelope
// formatting. Same pool size (10) and session time zone as the product's PostgreSQL connection.
//   env: DATABASE_URL, HOST, PORT, ACCOUNT (whose dept path is the scope), TIME_ZONE
import { bareApp, deptOf, pageEnvelope, pool, serve } from './bare-common.mjs';

const WHERE = `from "blade_user_login_log" as "l"
  left join "blade_dept" as "d" on "d"."id" = "l"."dept_id"
  left join "blade_user" as "u" on "u"."id" = "l"."user_id"
  where "l"."dept_id" in (select "scope_d"."id" from "blade_dept" as "scope_d" where "scope_d"."is_deleted" = $1 and "scope_d"."id_path" like $2)`;
const COUNT_SQL = `select count(*) as "total" ${WHERE}`;
const PAGE_SQL = `select "l"."id", "l"."account", "u"."real_name", "d"."dept_name", "l"."login_type", "l"."success", "l"."message", "l"."remote_ip", "l"."user_agent", "l"."create_time" ${WHERE}
  order by "l"."create_time" desc, "l"."id" desc limit $3 offset $4`;

const scope = `${(await deptOf('bare-server', 'js_aoc')).id_path}%`;

const app = bareApp();
app.get('/list', async (req) => {
  const current = Math.max(1, Number(req.query.current) || 1);
  const size = Math.min(500, Math.max(1, Number(req.query.size) || 10));
  const total = Number((await pool.query(COUNT_SQL, [0, scope])).rows[0].total);
  const records = total === 0 ? [] : (await pool.query(PAGE_SQL, [0, scope, size, (current - 1) * size])).rows;
  return pageEnvelope(records, total, size, current);
});

await serve(app);
