import type { Db } from '../../db/connection.js';
import { scopePredicate, type DataScope } from '../../platform/access/scope.js';
import { ORG_CATEGORIES } from './profile.access.js';
import { personAccess } from './profile.repo.js';

/** Records of the profiles that hold a file's link, as their own detail calls would read them. */
export const profileAttachRepo = {
  /** Whether a person whose 照片 is `link` is readable (scope and the profile's visibility). */
  async personWithPhoto(db: Db, scope: DataScope, isAdministrator: boolean, link: string): Promise<boolean> {
    const row = await db
      .selectFrom('aocPersonBase as p')
      .select('p.id')
      .where('p.photo', '=', link)
      .where('p.isDeleted', '=', 0)
      .where('p.tenantId', '=', scope.actor.tenantId)
      .where((eb) => personAccess(eb, scope, isAdministrator, 'read'))
      .executeTakeFirst();
    return !!row;
  },

  /** Whether an org whose 标志 is `link` lies inside the scope. */
  async orgWithLogo(db: Db, scope: DataScope, link: string): Promise<boolean> {
    const row = await db
      .selectFrom('aocOrgProfile as o')
      .innerJoin('bladeDept as d', 'd.id', 'o.deptId')
      .select('o.id')
      .where('o.logo', '=', link)
      .where('o.tenantId', '=', scope.actor.tenantId)
      .where('d.isDeleted', '=', 0)
      .where('d.tenantId', '=', scope.actor.tenantId)
      .where('d.deptCategory', 'in', ORG_CATEGORIES)
      .where((eb) => scopePredicate(eb, scope, { dept: 'd.id' }))
      .executeTakeFirst();
    return !!row;
  },
};
