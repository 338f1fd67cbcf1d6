import type { Db } from '../../../db/connection.js';

export interface RegionRow {
  code: string;
  parentCode: string;
  name: string;
  level: number;
  sort: number;
  hasChildren: boolean | number;
  parentName?: string | null;
}

export const regionRepo = {
  /** The direct children of one code (the provinces under REGION_ROOT), in the package's order. */
  children(db: Db, parentCode: string): Promise<RegionRow[]> {
    return db
      .selectFrom('bladeRegion as r')
      .select(['r.code', 'r.parentCode', 'r.name', 'r.level', 'r.sort'])
      .select((eb) => eb.exists(eb.selectFrom('bladeRegion as c').select('c.code').whereRef('c.parentCode', '=', 'r.code')).as('hasChildren'))
      .where('r.parentCode', '=', parentCode)
      .orderBy('r.sort')
      .orderBy('r.code')
      .execute();
  },

  find(db: Db, code: string): Promise<RegionRow | undefined> {
    return db
      .selectFrom('bladeRegion as r')
      .leftJoin('bladeRegion as p', 'p.code', 'r.parentCode')
      .select(['r.code', 'r.parentCode', 'r.name', 'r.level', 'r.sort', 'p.name as parentName'])
      .select((eb) => eb.exists(eb.selectFrom('bladeRegion as c').select('c.code').whereRef('c.parentCode', '=', 'r.code')).as('hasChildren'))
      .where('r.code', '=', code)
      .executeTakeFirst();
  },
};
