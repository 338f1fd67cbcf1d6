import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  FILLIN_MSG,
  FILLIN_PATHS as P,
  FILL_STATUS,
  deptQuery,
  pageOf,
  perm,
  situationQuery,
  supplementQuery,
  supplementReturn,
  supplementSituationView,
  supplementSubmit,
  supplementView,
} from '@gsl/contract';
import { withMsg, pageResult } from '../../platform/http/envelope.js';
import { formatTime } from '../../platform/http/time.js';
import { route } from '../../platform/http/route.js';
import type { FillinContext } from './fillin.context.js';
import { fillScope } from './fill-org.js';
import { orgScope } from './fillin.routes.js';
import { situationRepo } from './situation.repo.js';
import { SUPPLEMENT_TABLE } from './supplement.service.js';

const tags = ['fillin'];
const READ = [perm('fillin_supplement'), perm('fillin_situation')] as const;

/** associationcommercesupplement (specification §7 "Fill-in"): the association supplement of a year. */
export function supplementRoutes(app: FastifyInstance, ctx: FillinContext) {
  const { db, tz, supplement, thisYear } = ctx;

  route(app, {
    method: 'GET',
    url: `${P.supplement}/detail`,
    summary: 'associationcommercesupplement detail: 组织某年度的补充信息 (deptId 默认本组织, year 默认本年; 未填写时为 null)',
    tags,
    access: { permission: READ },
    query: supplementQuery,
    scope: orgScope('query.deptId'),
    response: supplementView.nullable(),
    handler: ({ actor, query }) => supplement.detail(actor, { deptId: query.deptId || undefined, year: query.year }),
  });

  route(app, {
    method: 'POST',
    url: `${P.supplement}/submit`,
    summary: 'associationcommercesupplement submit: 保存并提交本组织某年度的补充信息 (按当前模板校验, 模板隐藏的字段不保存; 提交后退回前不能修改)',
    tags,
    access: { permission: perm('fillin_supplement_submit') },
    body: supplementSubmit,
    response: supplementView,
    handler: async ({ actor, body }) => withMsg(await supplement.submit(actor, body), FILLIN_MSG.reported),
  });

  route(app, {
    method: 'GET',
    url: `${P.supplement}/isfill`,
    summary: 'associationcommercesupplement isfill: 组织本年度的补充信息是否已提交 (deptId 默认本组织; 决定填报入口的角标)',
    tags,
    access: { permission: READ },
    query: deptQuery,
    scope: orgScope('query.deptId'),
    response: z.boolean(),
    handler: ({ actor, query }) => supplement.isFill(actor, query.deptId || undefined),
  });

  route(app, {
    method: 'POST',
    url: `${P.supplement}/return`,
    summary: 'associationcommercesupplement return: 工商联退回已提交的补充信息 (id, comment 退回原因)',
    tags,
    access: { permission: perm('fillin_situation_return') },
    body: supplementReturn,
    scope: SUPPLEMENT_TABLE.record('body.id'),
    response: supplementView,
    handler: async ({ actor, body }) => withMsg(await supplement.giveBack(actor, body.id, body.comment), FILLIN_MSG.returned),
  });

  route(app, {
    method: 'GET',
    url: `${P.supplement}/filling-situation`,
    summary: 'associationcommercesupplement filling-situation: 数据权限内各商会、协会某年度 (year 默认本年) 补充信息的提交情况',
    tags,
    access: { permission: perm('fillin_situation') },
    query: situationQuery,
    response: pageOf(supplementSituationView),
    handler: async ({ actor, query }) => {
      const year = query.year ?? thisYear();
      const { rows, total } = await situationRepo.supplement(db, await fillScope(db, actor), year, query);
      return pageResult(
        rows.map((r) => ({
          id: r.id === null ? null : String(r.id),
          deptId: String(r.deptId),
          deptName: r.deptName,
          parentName: r.parentName,
          year,
          status: Number(r.status),
          statusName: FILL_STATUS[Number(r.status)] ?? '',
          filled: Number(r.status) === 2,
          submitTime: formatTime(r.submitTime, tz),
          returnComment: r.returnComment,
        })),
        total,
        query.current,
        query.size,
      );
    },
  });
}
