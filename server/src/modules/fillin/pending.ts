import type { Db } from '../../db/connection.js';
import type { Actor } from '../../platform/access/actor.js';
import { isGranted } from '../../platform/access/grants.js';
import type { PendingItem } from '../../platform/pending/pending-sources.js';
import { FILL_CATEGORIES } from './fill-org.js';
import { periodOf } from './period.service.js';
import { roundRepo } from './round.repo.js';

/**
 * 我的一天 待办 of the fill-in, for a chamber's staff who may fill in: the term not filled in yet
 * (填报届别未填写), or the list the federation returned (填报被退回, with the time it was returned).
 */
export async function pendingFillin(db: Db, actor: Actor): Promise<PendingItem[]> {
  if (!(await isGranted(db, actor, 'fillin_collect'))) return [];
  const dept = await db.selectFrom('bladeDept').select('deptCategory').where('id', '=', actor.deptId).executeTakeFirst();
  if (!dept || !FILL_CATEGORIES.includes(dept.deptCategory)) return [];
  const period = await periodOf(db, actor.tenantId, actor.deptId);
  if (!period) return [{ key: 'fillin.period', title: '填报届别未填写', count: 1, path: '/subapp/fill-in' }];
  const round = await roundRepo.latest(db, actor.tenantId, actor.deptId, 'collect', period.period);
  if (round?.status === 2) return [{ key: 'fillin.returned', title: '填报被工商联退回', count: 1, path: '/subapp/fill-in' }];
  return [];
}
