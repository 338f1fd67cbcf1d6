import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../db/connection.js';
import { pathOnLine } from '../../platform/access/scope.js';

export const portalRepo = {
  /**
   * The union id of the federation (工商联, dept_category 1) a dept belongs to — the nearest one at or
   * above it — when the dept is of the tenant and on the line of the org with `linePath` (itself, an
   * ancestor or a descendant); else undefined.
   */
  async federationUnionId(db: Db, tenantId: string, deptId: string, linePath: string): Promise<{ unionId: string | null } | undefined> {
    return db
      .selectFrom('bladeDept as d')
      .innerJoin('bladeDept as f', (j) =>
        j
          .on('f.isDeleted', '=', 0)
          .on('f.deptCategory', '=', 1)
          .onRef('f.tenantId', '=', 'd.tenantId')
          .on(sql<SqlBool>`d.id_path like f.id_path || '%'`),
      )
      .select('f.unionId')
      .where('d.id', '=', deptId)
      .where('d.isDeleted', '=', 0)
      .where('d.tenantId', '=', tenantId)
      .where(pathOnLine('d.idPath', linePath))
      .orderBy(sql`length(f.id_path)`, 'desc')
      .limit(1)
      .executeTakeFirst();
  },
};
