import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  FILLIN_PATHS as P,
  perm,
  templateByKeyQuery,
  templateByMenuQuery,
  templateKeyQuery,
  templateSubmit,
  templateVersionView,
  templateView as templateViewSchema,
} from '@gsl/contract';
import { withMsg } from '../../platform/http/envelope.js';
import { formatTime } from '../../platform/http/time.js';
import { route } from '../../platform/http/route.js';
import type { FillinContext } from './fillin.context.js';
import { templateService, templateView } from './template.service.js';

const tags = ['fillin'];
/** Whoever fills in, follows or edits templates reads them. */
const READ = [perm('fillin_collect'), perm('fillin_supplement'), perm('fillin_situation'), perm('fillin_template')] as const;

/** businesstag (specification §3 "Template tags", §7): the fill-in's versioned form templates. */
export function templateRoutes(app: FastifyInstance, ctx: FillinContext) {
  const { db, tz } = ctx;

  route(app, {
    method: 'GET',
    url: `${P.template}/listByMenuId`,
    summary: 'businesstag listByMenuId: 菜单 (编号或编码) 的表单模板 (当前版本; deptId 为缓存键, 模板对全租户相同)',
    tags,
    access: { permission: READ },
    query: templateByMenuQuery,
    response: z.array(templateViewSchema),
    handler: async ({ actor, query }) => (await templateService.byMenu(db, actor.tenantId, query.menuId)).map((t) => templateView(t, tz)),
  });

  route(app, {
    method: 'GET',
    url: `${P.template}/formTemplateByKey`,
    summary: 'businesstag formTemplateByKey: 按模板编码取表单模板 (version 为空时为当前版本; 记录按其填报时的版本显示)',
    tags,
    access: { permission: READ },
    query: templateByKeyQuery,
    response: templateViewSchema,
    handler: async ({ actor, query }) => templateView(await templateService.byKey(db, actor.tenantId, query.templateKey, query.version), tz),
  });

  route(app, {
    method: 'GET',
    url: `${P.template}/list`,
    summary: 'businesstag list: 表单模板管理 — 每个模板的当前版本',
    tags,
    access: { permission: perm('fillin_template') },
    response: z.array(templateViewSchema),
    handler: async ({ actor }) => (await templateService.current(db, actor.tenantId)).map((t) => templateView(t, tz)),
  });

  route(app, {
    method: 'GET',
    url: `${P.template}/versions`,
    summary: 'businesstag versions: 模板的历史版本 (新的在前)',
    tags,
    access: { permission: perm('fillin_template') },
    query: templateKeyQuery,
    response: z.array(templateVersionView),
    handler: async ({ actor, query }) =>
      (await templateService.versions(db, actor.tenantId, query.templateKey)).map((r) => ({
        id: String(r.id),
        version: r.version,
        name: r.name,
        createTime: formatTime(r.createTime, tz),
        createUserName: r.createUserName,
      })),
  });

  route(app, {
    method: 'POST',
    url: `${P.template}/submit`,
    summary: 'businesstag submit: 保存模板为新版本 (version 为所编辑的当前版本; 已填报的记录保留其版本)',
    tags,
    access: { permission: perm('fillin_template_edit') },
    body: templateSubmit,
    response: templateViewSchema,
    handler: async ({ actor, body }) => withMsg(templateView(await templateService.submit(db, actor, body), tz), '保存成功,已生成新版本'),
  });
}
