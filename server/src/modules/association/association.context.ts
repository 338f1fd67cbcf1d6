import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { LeaderView } from '@gsl/contract';
import type { Db } from '../../db/connection.js';
import type { Actor } from '../../platform/access/actor.js';
import { isGranted } from '../../platform/access/grants.js';
import { scopedTable } from '../../platform/access/scope.js';
import { personalDataCipher } from '../../platform/audit/personal-data.js';
import type { RouteScope } from '../../platform/http/route.js';
import { ASSOCIATION_RESOURCE, type LeaderRow } from './leader.repo.js';
import { leaderService } from './leader.service.js';
import { currentYear, leaderView } from './leader.view.js';
import { resumeService } from './resume.service.js';

/** What the association's route tables share: the services, the views and the scope metadata. */
export function associationContext(app: FastifyInstance) {
  const db: Db = app.db;
  const tz = app.config.timeZone;
  const cipher = () => personalDataCipher(db, { production: app.config.production });
  const thisYear = () => currentYear(tz);
  const leaders = leaderService(db, cipher, thisYear);
  const resume = resumeService(db, leaders, thisYear, tz);

  /**
   * Leaders as answered: phone and certificate in full only for a caller holding member_sensitive, and
   * then the view is logged (usual log profile_sensitive_view, tag leader) like every personal number.
   */
  async function views(req: FastifyRequest, actor: Actor, rows: LeaderRow[]): Promise<LeaderView[]> {
    if (!rows.length) return [];
    const c = await cipher();
    const unmasked = await isGranted(db, actor, 'member_sensitive');
    if (unmasked) {
      const fields = ['certNo', ...(rows.some((r) => r.phoneEnc) ? ['phone'] : [])];
      app.services.audit.usual(
        req,
        'info',
        'profile_sensitive_view',
        JSON.stringify({ tag: 'leader', url: req.url.split('?')[0], recordIds: rows.map((r) => String(r.id)), fields }),
      );
    }
    return rows.map((r) => leaderView(r, c, unmasked, tz));
  }

  /** Scope metadata of a call naming an org (deptId): an org outside the association scope is 404. */
  const orgScope = (idFrom: `${'query' | 'body'}.${string}`): RouteScope => ({
    resource: ASSOCIATION_RESOURCE,
    record: { table: 'blade_dept', idFrom, deptColumn: 'id', where: 'is_deleted = 0 and dept_category in (1, 2, 3)' },
  });

  /** Scope metadata of a call naming leaders of some types by id. */
  const typedScope = (types: readonly number[], idFrom: `${'query' | 'body'}.${string}`): RouteScope =>
    scopedTable({
      resource: ASSOCIATION_RESOURCE,
      table: 'aoc_association_leader',
      alias: 'l',
      deptColumn: 'dept_id',
      ownerColumn: 'create_user',
      where: types.length === 7 ? 'is_deleted = 0' : `is_deleted = 0 and leader_type in (${types.join(', ')})`,
    }).record(idFrom);

  return { db, tz, cipher, thisYear, leaders, resume, views, orgScope, typedScope };
}
export type AssociationContext = ReturnType<typeof associationContext>;
