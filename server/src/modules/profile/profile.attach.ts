import type { AttachReferrers } from '../../platform/files/attach-referrers.js';
import { isGranted } from '../../platform/access/grants.js';
import { scopePredicate } from '../../platform/access/scope.js';
import { ORG_CATEGORIES, personAccess, profileScope } from './profile.access.js';

/**
 * Profile records that hold file links: a person's 照片 and an org's 标志. Their file is readable by
 * whoever may open the record's detail: the record's menu, and the same scope and visibility rules.
 */
export function registerProfileAttachments(referrers: AttachReferrers): void {
  referrers.register('person-photo', async (db, actor, link) => {
    if (!(await isGranted(db, actor, 'profile_person'))) return false;
    const scope = await profileScope(db, actor);
    const row = await db
      .selectFrom('aocPersonBase as p')
      .select('p.id')
      .where('p.photo', '=', link)
      .where('p.isDeleted', '=', 0)
      .where('p.tenantId', '=', actor.tenantId)
      .where((eb) => personAccess(eb, scope, actor.isAdministrator, 'read'))
      .executeTakeFirst();
    return !!row;
  });

  referrers.register('org-logo', async (db, actor, link) => {
    if (!(await isGranted(db, actor, 'profile_org'))) return false;
    const scope = await profileScope(db, actor);
    const row = await db
      .selectFrom('aocOrgProfile as o')
      .innerJoin('bladeDept as d', 'd.id', 'o.deptId')
      .select('o.id')
      .where('o.logo', '=', link)
      .where('o.tenantId', '=', actor.tenantId)
      .where('d.isDeleted', '=', 0)
      .where('d.tenantId', '=', actor.tenantId)
      .where('d.deptCategory', 'in', ORG_CATEGORIES)
      .where((eb) => scopePredicate(eb, scope, { dept: 'd.id' }))
      .executeTakeFirst();
    return !!row;
  });
}
