import { sql, type SqlBool } from 'kysely';
import { MYORG_GUIDE_FIELDS } from '@gsl/contract';
import type { Db } from '../../../db/connection.js';
import { snake } from '../../profile/profile.defs.js';

/** A count as SQL (bigint arrives as text). */
const n = (expr: ReturnType<typeof sql>) => sql<string>`coalesce((${expr}), 0)`;

/** How many of the guided completion's fields the profile `p` has filled (0 without a profile). */
const filledFields = sql<number>`(${sql.join(
  MYORG_GUIDE_FIELDS.map((f) => sql`(case when nullif(p.${sql.ref(snake(f))}::text, '') is null then 0 else 1 end)`),
  sql` + `,
)})`;

export const myOrgRepo = {
  /**
   * The card of one org in one statement: the org with its parent, region (by name from the province down) and
   * profile, and its counts — live accounts of the org (and those in its address book), orgs below it by
   * category, live members of it and the orgs below (the per-org counts migration 0014 keeps).
   */
  async card(db: Db, tenantId: string, deptId: string) {
    return (
      db
        .selectFrom('bladeDept as d')
        .leftJoin('bladeDept as pd', (j) => j.onRef('pd.id', '=', 'd.parentId').on('pd.isDeleted', '=', 0))
        // Orgs carry the six-digit code (320100), the region table the hierarchical one (3201).
        .leftJoin('bladeRegion as r', (j) => j.on(sql<SqlBool>`r.code = regexp_replace(d.region_code, '(00)+$', '')`))
        .leftJoin('bladeRegion as r2', 'r2.code', 'r.parentCode')
        .leftJoin('bladeRegion as r3', 'r3.code', 'r2.parentCode')
        .leftJoin('aocOrgProfile as p', (j) => j.onRef('p.deptId', '=', 'd.id').onRef('p.tenantId', '=', 'd.tenantId').on('p.isDeleted', '=', 0))
        .select([
          'd.id',
          'd.deptName',
          'd.fullName',
          'd.deptCategory',
          'd.regionCode',
          'd.regionLevel',
          'd.chamberType',
          'pd.deptName as parentName',
          'r.name as region1',
          'r2.name as region2',
          'r3.name as region3',
          'p.id as profileId',
          'p.representative',
          'p.contactPerson',
          'p.contactPhone',
          'p.email',
          'p.address',
          sql<number | null>`case when p.id is null then 0 else ${filledFields} end`.as('profileFilled'),
          n(sql`select count(*) from blade_user u where u.dept_id = d.id and u.tenant_id = d.tenant_id and u.is_deleted = 0`).as('staffCount'),
          n(sql`select count(*) from blade_user u where u.dept_id = d.id and u.tenant_id = d.tenant_id and u.is_deleted = 0 and u.is_address_book = 1`).as(
            'addressBookCount',
          ),
          n(
            sql`select count(*) from blade_dept c where c.id_path like d.id_path || '%' and c.id <> d.id and c.is_deleted = 0 and c.tenant_id = d.tenant_id and c.dept_category = 1`,
          ).as('federationCount'),
          n(
            sql`select count(*) from blade_dept c where c.id_path like d.id_path || '%' and c.id <> d.id and c.is_deleted = 0 and c.tenant_id = d.tenant_id and c.dept_category = 2`,
          ).as('chamberCount'),
          n(
            sql`select count(*) from blade_dept c where c.id_path like d.id_path || '%' and c.id <> d.id and c.is_deleted = 0 and c.tenant_id = d.tenant_id and c.dept_category = 3`,
          ).as('associationCount'),
          ...(['enterprise', 'group', 'person'] as const).map((kind) =>
            n(
              sql`select sum(m.n) from aoc_member_dept_count m join blade_dept c on c.id = m.dept_id
                where m.tenant_id = d.tenant_id and m.kind = ${kind} and c.is_deleted = 0 and c.id_path like d.id_path || '%'`,
            ).as(`${kind}Members`),
          ),
        ])
        .where('d.id', '=', deptId)
        .where('d.tenantId', '=', tenantId)
        .where('d.isDeleted', '=', 0)
        .executeTakeFirst()
    );
  },
};
