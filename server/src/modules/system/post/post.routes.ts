import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MSG, POST_DEFAULT_TENANT, idQuery, pageOf, pageQuery, postOption, postRecord, postSubmit, type PostOption } from '@gsl/contract';
import { withMsg } from '../../../platform/http/envelope.js';
import { notFound } from '../../../platform/http/errors.js';
import { route } from '../../../platform/http/route.js';
import { removeRoute } from '../../../platform/http/remove-route.js';
import { postRepo } from './post.repo.js';
import { postService, postTenants } from './post.service.js';
import { postView } from './post.view.js';

/** Posts: the select every user form needs, and the 岗位管理 screen (menu 'post'). */
export default async function postRoutes(app: FastifyInstance) {
  const tz = app.config.timeZone;
  const base = '/api/blade-system/post';
  const tags = ['system'];

  route(app, {
    method: 'GET',
    url: `${base}/select`,
    summary:
      'post select: 岗位下拉选项 (tenantId 缺省 000000)。岗位归属租户: 返回平台默认岗位 (000000) 加上调用者本租户的岗位; ' +
      '超级管理员指定其他租户时返回该租户的岗位加默认岗位, 其他用户指定的 tenantId 不会越出本租户',
    tags,
    access: { permission: 'authenticated' },
    query: z.object({
      tenantId: z
        .string()
        .trim()
        .regex(/^\d{1,12}$/, '租户编号格式不正确')
        .optional(),
    }),
    response: z.array(postOption),
    handler: async ({ actor, query }) => {
      const named = query.tenantId && query.tenantId !== POST_DEFAULT_TENANT && actor.isAdministrator ? query.tenantId : actor.tenantId;
      const rows = await postRepo.options(app.db, postTenants(named));
      return rows.map((r): PostOption => ({ id: String(r.id), postCode: r.postCode, postName: r.postName, category: r.category, sort: r.sort }));
    },
  });

  route(app, {
    method: 'GET',
    url: `${base}/list`,
    summary: 'post list: 岗位分页列表 (本租户岗位与平台默认岗位; postCode、postName、category 过滤)',
    tags,
    access: { permission: 'post' },
    query: pageQuery.passthrough(),
    response: pageOf(postRecord),
    handler: async ({ actor, query }) => {
      const page = await postRepo.page(app.db, postTenants(actor.tenantId), query, query as Record<string, unknown>);
      return { ...page, records: page.records.map((r) => postView(r, tz)) };
    },
  });

  route(app, {
    method: 'GET',
    url: `${base}/detail`,
    summary: 'post detail: 岗位详情',
    tags,
    access: { permission: 'post' },
    query: idQuery,
    response: postRecord,
    handler: async ({ actor, query }) => {
      const row = await postRepo.findById(app.db, postTenants(actor.tenantId), query.id);
      if (!row) throw notFound();
      return postView(row, tz);
    },
  });

  route(app, {
    method: 'POST',
    url: `${base}/submit`,
    summary: 'post submit: 新增或修改岗位 (无 id 新增到本租户; 有 id 按 version 修改; 默认岗位仅超级管理员可改)',
    tags,
    access: { permission: 'post' },
    body: postSubmit,
    response: postRecord,
    handler: async ({ actor, body }) => {
      const { row, created } = await postService.submit(app.db, actor, body);
      return withMsg(postView(row, tz), created ? MSG.added : MSG.updated);
    },
  });

  removeRoute(app, {
    url: `${base}/remove`,
    summary: 'post remove: 删除岗位 (ids; 有用户在岗时拒绝)',
    tags,
    permission: 'post_delete',
    remove: (ids, actor) => postService.remove(app.db, actor, ids),
  });
}
