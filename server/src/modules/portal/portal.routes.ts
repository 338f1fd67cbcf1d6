import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { deptInfoRecord, idOf, type DeptInfo } from '@gsl/contract';
import { route } from '../../platform/http/route.js';
import { notFound } from '../../platform/http/errors.js';
import { authRepo } from '../auth/auth.repo.js';
import { orgNames } from '../auth/org-names.js';
import { menuRepo } from '../system/menu/menu.repo.js';
import { toForest } from '../system/menu/menu.view.js';
import { portalRepo } from './portal.repo.js';

export default async function portalRoutes(app: FastifyInstance) {
  const { db } = app;

  route(app, {
    method: 'GET',
    url: '/api/aoc-service/portal/menu',
    summary: 'portal/menu: 门户顶部菜单 (含驾驶舱与我的应用子项)',
    tags: ['portal'],
    access: { permission: 'authenticated' },
    handler: async ({ actor }) => {
      const top = await menuRepo.granted(db, actor, { category: 1, rootCode: 'portal' });
      const children = await menuRepo.grantedChildren(
        db,
        actor,
        top.map((m) => m.id),
      );
      return toForest([...top, ...children]);
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/aoc-service/portal/deptInfo/detail',
    summary: 'portal/deptInfo/detail: 当前机构信息 (页头机构名称)',
    tags: ['portal'],
    access: { permission: 'authenticated' },
    response: deptInfoRecord,
    handler: async ({ actor }): Promise<DeptInfo> => {
      const dept = await authRepo.deptOf(db, actor.deptId);
      if (!dept) throw notFound();
      return {
        id: dept.id,
        deptId: dept.id,
        deptName: dept.deptName,
        ...orgNames(dept),
        regionLevel: dept.regionLevel,
        deptCategory: dept.deptCategory,
        unionId: dept.unionId,
      };
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/aoc-service/dept/aoc-union-id',
    summary: 'getAocUnionId: 机构编号 → 所属工商联的统一编号',
    tags: ['portal'],
    access: { permission: 'authenticated' },
    scope: { record: { table: 'blade_dept', idFrom: 'query.deptId', deptColumn: 'id', where: 'is_deleted = 0' } },
    query: z.object({ deptId: idOf('机构编号格式不正确', { required: '请提供机构编号' }) }),
    handler: async ({ actor, query }) => {
      // Only a dept of the actor's tenant on the actor's own line (itself, an ancestor or a descendant)
      // resolves — administrators included: the call answers what the caller's org belongs to, not a
      // directory of every org (and never another tenant's). Others are 404.
      const row = await portalRepo.federationUnionId(db, actor.tenantId, query.deptId, actor.deptPath);
      if (!row) throw notFound();
      return row.unionId;
    },
  });
}
