// The baseline of the members bench (bench/members.mjs): a bare Fastify + pg server whose one handler runs
// the SAME SQL as GET /api/aoc-service/memberaocenterprise/page?current=1&size=10&name_likeright=…&status=1&regionCode_equal=…
// for one account — the count and the page query that member.repo.ts + platform/access/scope.ts ("own dept and
// below" on id_path) + platform/http/paging.ts compile to, as the PostgreSQL statement log shows them — and
// nothing else: no client or token check, no actor or scope lookup, no validation, no decrypting or masking
// of the phone numbers, no encryption or envelope formatting. Same pool size (10) and session time zone as the
// product's PostgreSQL connection.
//   env: DATABASE_URL, HOST, PORT, ACCOUNT (whose dept path is the scope), TIME_ZONE
//   GET /page?current=&size=&prefix=&status=&region=
import { bareApp, deptOf, pageEnvelope, pool, serve } from './bare-common.mjs';

const FROM = `from "aoc_member_enterprise" as "m" left join "blade_dept" as "d" on "d"."id" = "m"."dept_id" left join "blade_region" as "r" on "r"."code" = "m"."region_code"
  where "m"."is_deleted" = $1 and "m"."tenant_id" = $2
    and "m"."dept_id" in (select "under_d"."id" from "blade_dept" as "under_d" where "under_d"."is_deleted" = $3 and "under_d"."id_path" like $4)
    and ("m"."name"::text like $5 and "m"."status" = $6 and "m"."region_code" = $7)`;
const COUNT_SQL = `select count(*) as "total" ${FROM}`;
const PAGE_SQL = `select "m"."id", "m"."dept_id", "d"."dept_name", "r"."name" as "region_name", "m"."version", "m"."create_user", "m"."create_time", "m"."update_time",
  "m"."name" as "name", "m"."credit_code" as "credit_code", "m"."legal_person" as "legal_person", "m"."industry" as "industry", "m"."scale" as "scale",
  "m"."region_code" as "region_code", "m"."address" as "address", "m"."contact_name" as "contact_name", "m"."member_level" as "member_level",
  "m"."member_type" as "member_type", "m"."status" as "status", "m"."remark" as "remark", "m"."contact_phone_enc" as "contact_phone_enc",
  to_char("m"."join_date", 'YYYY-MM-DD') as "join_date"
  ${FROM}
  order by "m"."create_time" desc, "m"."id" desc limit $8 offset $9`;

const dept = await deptOf('bare-members', 'nj_aoc');
const scope = `${dept.id_path}%`;
const tenant = dept.tenant_id;
const escapeLike = (v) => v.replace(/[\\%_]/g, (c) => `\\${c}`); // as paging.ts escapes a likeright value

const app = bareApp();
app.get('/page', async (req) => {
  const current = Math.max(1, Number(req.query.current) || 1);
  const size = Math.min(500, Math.max(1, Number(req.query.size) || 10));
  const params = [0, tenant, 0, scope, `${escapeLike(String(req.query.prefix ?? ''))}%`, Number(req.query.status), String(req.query.region ?? '')];
  const total = Number((await pool.query(COUNT_SQL, params)).rows[0].total);
  const records = total === 0 ? [] : (await pool.query(PAGE_SQL, [...params, size, (current - 1) * size])).rows;
  return pageEnvelope(records, total, size, current);
});

await serve(app);
