import type { PageQuery } from '@gsl/contract';
import type { Db } from '../../../db/connection.js';

export interface RegionRow {
  code: string;
  parentCode: string;
  name: string;
  level: number;
  sort: number;
  isLocal: number;
  remark: string | null;
  hasChildren: boolean | number;
  parentName?: string | null;
}

export interface RegionWrite {
  code: string;
  parentCode: string;
  name: string;
  level: number;
  sort: number;
  remark: string | null;
}

export interface RegionFilter {
  parentCode?: string;
  code?: string;
  name?: string;
}

const base = (db: Db) =>
  db
    .selectFrom('bladeRegion as r')
    .leftJoin('bladeRegion as p', 'p.code', 'r.parentCode')
    .select(['r.code', 'r.parentCode', 'r.name', 'r.level', 'r.sort', 'r.isLocal', 'r.remark', 'p.name as parentName'])
    .select((eb) => eb.exists(eb.selectFrom('bladeRegion as c').select('c.code').whereRef('c.parentCode', '=', 'r.code')).as('hasChildren'));

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

function filtered(db: Db, f: RegionFilter) {
  let q = base(db);
  if (f.parentCode) q = q.where('r.parentCode', '=', f.parentCode);
  if (f.code) q = q.where('r.code', 'like', `${escapeLike(f.code)}%`);
  if (f.name) q = q.where('r.name', 'like', `%${escapeLike(f.name)}%`);
  return q;
}

export const regionRepo = {
  /** The direct children of one code (the provinces under REGION_ROOT), in the package's order. */
  children(db: Db, parentCode: string): Promise<RegionRow[]> {
    return base(db).where('r.parentCode', '=', parentCode).orderBy('r.sort').orderBy('r.code').execute();
  },

  find(db: Db, code: string): Promise<RegionRow | undefined> {
    return base(db).where('r.code', '=', code).executeTakeFirst();
  },

  /** region/list: a page, by parent, code prefix and name. */
  async page(db: Db, page: PageQuery, f: RegionFilter) {
    const { total } = await filtered(db, f)
      .clearSelect()
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .executeTakeFirstOrThrow();
    const records = await filtered(db, f)
      .orderBy('r.code')
      .limit(page.size)
      .offset((page.current - 1) * page.size)
      .execute();
    const n = Number(total);
    return { records, total: n, size: page.size, current: page.current, pages: Math.ceil(n / page.size) };
  },

  /** Every division, in code order (the export). */
  all(db: Db, f: RegionFilter): Promise<RegionRow[]> {
    return filtered(db, f).orderBy('r.code').execute();
  },

  /** The stored rows of these codes (import). */
  async byCodes(db: Db, codes: string[]): Promise<Map<string, { code: string; level: number; isLocal: number }>> {
    const out = new Map<string, { code: string; level: number; isLocal: number }>();
    for (let i = 0; i < codes.length; i += 1000) {
      const part = codes.slice(i, i + 1000);
      if (!part.length) continue;
      for (const r of await db.selectFrom('bladeRegion').select(['code', 'level', 'isLocal']).where('code', 'in', part).execute()) out.set(r.code, r);
    }
    return out;
  },

  insert(db: Db, row: RegionWrite) {
    return db
      .insertInto('bladeRegion')
      .values({ ...row, isLocal: 1 })
      .execute();
  },

  /** A local division's name, sort and remark (national rows are never updated). */
  update(db: Db, code: string, set: { name: string; sort?: number; remark?: string | null }) {
    return db.updateTable('bladeRegion').set(set).where('code', '=', code).where('isLocal', '=', 1).executeTakeFirst();
  },

  remove(db: Db, code: string) {
    return db.deleteFrom('bladeRegion').where('code', '=', code).where('isLocal', '=', 1).executeTakeFirst();
  },
};
