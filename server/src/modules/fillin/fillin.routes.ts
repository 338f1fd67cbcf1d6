import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  FILLIN_MSG,
  FILLIN_PATHS as P,
  MSG,
  collectPageQuery,
  collectPersonView,
  collectReturn,
  collectSubmit,
  deptQuery,
  fillPeriodSubmit,
  fillPeriodView,
  idQuery,
  pageOf,
  remindAnswer,
  remindBody,
  roundView,
  situationQuery,
  situationView as situationViewSchema,
  perm,
} from '@gsl/contract';
import { isGranted } from '../../platform/access/grants.js';
import { withMsg } from '../../platform/http/envelope.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import { pageResult } from '../../platform/http/envelope.js';
import { route, type RouteScope } from '../../platform/http/route.js';
import { removeRoute } from '../../platform/http/remove-route.js';
import type { FillinContext } from './fillin.context.js';
import { COLLECT_TABLE } from './collect.repo.js';
import { collectView } from './collect.service.js';
import { fillScope, readableOrg } from './fill-org.js';
import { periodOf, periodService } from './period.service.js';
import { roundRepo, roundView as toRoundView } from './round.repo.js';
import { situationRepo, situationView } from './situation.repo.js';

const tags = ['fillin'];
const COLLECT = perm('fillin_collect');
const SITUATION = perm('fillin_situation');
/** Reads of the records: the chamber that fills in, and the federation that follows. */
const READ = [COLLECT, SITUATION] as const;

/** Scope metadata of a call naming an org (deptId): outside the fill-in scope is 404. */
export const orgScope = (idFrom: `${'query' | 'body'}.${string}`): RouteScope => ({
  resource: 'fillin',
  record: { table: 'blade_dept', idFrom, deptColumn: 'id', where: 'is_deleted = 0' },
});

/** fillperiod and collectperson (specification §7 "Fill-in"). */
export function fillinRoutes(app: FastifyInstance, ctx: FillinContext) {
  const { db, tz, cipher, collect } = ctx;

  route(app, {
    method: 'GET',
    url: `${P.period}/detail`,
    summary: 'fillperiod detail: 组织的届别与换届完成年月 (deptId 默认本组织; 未填写时为 null)',
    tags,
    access: { permission: READ },
    query: deptQuery,
    scope: orgScope('query.deptId'),
    response: fillPeriodView.nullable(),
    handler: ({ actor, query }) => periodService.detail(db, actor, query.deptId || undefined, tz),
  });

  route(app, {
    method: 'POST',
    url: `${P.period}/submit`,
    summary: 'fillperiod submit: 保存本组织的届别 (1–30) 与换届完成年月 (yyyy-MM, 不晚于本月); 已有时按 version 修改',
    tags,
    access: { permission: COLLECT },
    body: fillPeriodSubmit,
    response: fillPeriodView,
    handler: async ({ actor, body }) => withMsg(await periodService.submit(db, actor, body, tz), '保存成功'),
  });

  route(app, {
    method: 'GET',
    url: `${P.collect}/page`,
    summary: 'collectperson page: 常委、执委及会员代表分页 (deptId 组织, period 届别, category 1 常委 2 执委 3 会员代表, name 姓名包含; 数据权限内)',
    tags,
    access: { permission: READ },
    query: collectPageQuery,
    scope: COLLECT_TABLE.list(),
    response: pageOf(collectPersonView),
    handler: async ({ actor, query }) => {
      const page = await ctx.collectRepo.page(db, await collect.scopeOf(actor), query);
      const c = await cipher();
      const unmasked = await isGranted(db, actor, 'member_sensitive');
      return { ...page, records: page.records.map((r) => collectView(r, c, unmasked, tz)) };
    },
  });

  route(app, {
    method: 'GET',
    url: `${P.collect}/detail`,
    summary: 'collectperson detail: 一名人员 (templateVersion 为填报时的模板版本; personBaseId、personBaseUnionId: 人员库中同一证件的人员)',
    tags,
    access: { permission: READ },
    query: idQuery,
    scope: COLLECT_TABLE.record('query.id'),
    response: collectPersonView,
    handler: async ({ actor, query }) => {
      const row = await collect.find(actor, query.id);
      const c = await cipher();
      const unmasked = await isGranted(db, actor, 'member_sensitive');
      const hit = await ctx.personBase(actor, row.certNoHash);
      return { ...collectView(row, c, unmasked, tz), personBaseId: hit?.id ?? null, personBaseUnionId: hit?.unionId ?? null };
    },
  });

  route(app, {
    method: 'POST',
    url: `${P.collect}/submit`,
    summary: 'collectperson submit: 新增 (无 id) 或修改 (id、version) 本组织本届的一名人员; 按当前模板校验, 模板隐藏的字段不保存',
    tags,
    access: { permission: COLLECT },
    body: collectSubmit,
    response: collectPersonView,
    handler: async ({ actor, body }) => {
      const need = body.id ? 'fillin_collect_edit' : 'fillin_collect_add';
      if (!(await isGranted(db, actor, perm(need)))) throw ctx.forbidden();
      const { id, created } = await collect.submit(actor, body);
      const c = await cipher();
      return withMsg(collectView(await collect.find(actor, id), c, false, tz), created ? MSG.added : MSG.updated);
    },
  });

  removeRoute(app, {
    url: `${P.collect}/remove`,
    summary: 'collectperson remove: 删除本组织本届的人员 (ids 逗号分隔)',
    tags,
    permission: perm('fillin_collect_delete'),
    scope: COLLECT_TABLE.record('query.ids'),
    remove: (ids, actor) => collect.remove(actor, ids),
  });

  route(app, {
    method: 'POST',
    url: `${P.collect}/report`,
    summary: 'collectperson report: 将本组织本届的人员提交给工商联 (新的一轮; 退回前不能修改)',
    tags,
    access: { permission: perm('fillin_collect_submit') },
    response: roundView,
    handler: async ({ actor }) => withMsg(toRoundView(await collect.report(actor), tz), FILLIN_MSG.reported),
  });

  route(app, {
    method: 'GET',
    url: `${P.collect}/rounds`,
    summary: 'collectperson rounds: 组织本届的每一轮提交与退回 (deptId 默认本组织; 新的在前)',
    tags,
    access: { permission: READ },
    query: deptQuery,
    scope: orgScope('query.deptId'),
    response: z.array(roundView),
    handler: async ({ actor, query }) => {
      const org = await readableOrg(db, await fillScope(db, actor), query.deptId || undefined);
      const period = await periodOf(db, actor.tenantId, org.id);
      if (!period) return [];
      return (await roundRepo.list(db, actor.tenantId, org.id, 'collect', period.period)).map((r) => toRoundView(r, tz));
    },
  });

  route(app, {
    method: 'POST',
    url: `${P.collect}/return`,
    summary: 'collectperson return: 工商联退回组织已提交的本届人员 (deptId, comment 退回原因)',
    tags,
    access: { permission: perm('fillin_situation_return') },
    body: collectReturn,
    scope: orgScope('body.deptId'),
    response: roundView,
    handler: async ({ actor, body }) => {
      const org = await readableOrg(db, await fillScope(db, actor), body.deptId);
      const period = await periodOf(db, actor.tenantId, org.id);
      const round = period ? await roundRepo.latest(db, actor.tenantId, org.id, 'collect', period.period) : undefined;
      if (!period || !round || round.status !== 1) throw badRequest(FILLIN_MSG.notSubmitted);
      if (!(await roundRepo.markReturned(db, round.id, actor.userId, body.comment))) throw badRequest(FILLIN_MSG.notSubmitted);
      return withMsg(toRoundView((await roundRepo.latest(db, actor.tenantId, org.id, 'collect', period.period))!, tz), FILLIN_MSG.returned);
    },
  });

  route(app, {
    method: 'GET',
    url: `${P.collect}/filling-situation`,
    summary:
      'collectperson filling-situation: 数据权限内各商会、协会的填报情况 (届别、各类别人数、状态 0 未填报 1 填报中 2 已提交 3 已退回、最后变更; deptName、status 过滤)',
    tags,
    access: { permission: SITUATION },
    query: situationQuery,
    response: pageOf(situationViewSchema),
    handler: async ({ actor, query }) => {
      const { rows, total } = await situationRepo.collect(db, await fillScope(db, actor), query);
      return pageResult(
        rows.map((r) => situationView(r, tz)),
        total,
        query.current,
        query.size,
      );
    },
  });

  route(app, {
    method: 'POST',
    url: `${P.collect}/remind`,
    summary: 'collectperson remind: 通过消息中心通知尚未提交的组织的工作人员 (deptIds 逗号分隔; 为空时为数据权限内全部未提交的组织)',
    tags,
    access: { permission: perm('fillin_situation_remind') },
    body: remindBody,
    response: remindAnswer,
    handler: async ({ actor, body }) => {
      const ids = body.deptIds ? [...new Set(body.deptIds.split(','))] : undefined;
      const { rows } = await situationRepo.collect(db, await fillScope(db, actor), { current: 1, size: 5000 }, ids);
      if (ids && rows.length !== ids.length) throw notFound();
      const targets = rows.filter((r) => Number(r.status) !== 2);
      if (!targets.length) throw badRequest(FILLIN_MSG.remindNone);
      const sent = await ctx.remind(
        actor,
        targets.map((r) => String(r.deptId)),
      );
      return withMsg({ orgs: targets.length, recipients: sent }, `已提醒${targets.length}个组织`);
    },
  });
}
