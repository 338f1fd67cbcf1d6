import type { FastifyInstance } from 'fastify';
import { AI_HOMEPAGE_PATHS, HOMEPAGE_MSG, aiHomepage, homepagePublishBody, homepageQuery, homepageSaveBody } from '@gsl/contract';
import { withMsg } from '../../platform/http/envelope.js';
import { route, type RouteScope } from '../../platform/http/route.js';
import { PROFILE_RESOURCE } from '../profile/profile.defs.js';
import { homepageService } from './aihome.service.js';

const TAGS = ['ai'];

/**
 * The page's org, named by deptId, under the org profile's data scope: outside it, 404 (README deviation 62).
 * Once published, a page is also read on the org's line of the tree (its ancestors and descendants): an
 * addition the walkers do not see, as no page is published in their data.
 */
const orgRecord = (idFrom: 'query.deptId' | 'body.deptId'): RouteScope => ({
  resource: PROFILE_RESOURCE,
  record: { table: 'blade_dept', idFrom, deptColumn: 'id', where: 'is_deleted = 0 and dept_category in (1, 2, 3)' },
});

/**
 * AI 主页 (specification §2 "Embedded AI pages": ai-homepage-{type}; 我的组织 › aiHome): an org's home page
 * under /api/ai-service/homepage — detail, save (at the version read), publish and unpublish. The org is
 * `deptId` (or `cocId`), the caller's own org when absent. Readers: the org's staff and those whose
 * org-profile scope covers it (published or not), others on the org's line of the tree once it is published;
 * writers: the org's own staff holding 我的组织. Never another tenant (README deviation 62).
 */
export default async function aiHomepageModule(app: FastifyInstance) {
  const svc = homepageService({ db: app.db, timeZone: app.config.timeZone, model: app.services.ai });

  route(app, {
    method: 'GET',
    url: AI_HOMEPAGE_PATHS.detail,
    summary:
      'AI主页 detail: 组织的AI主页 (deptId 或 cocId, 缺省为本组织; type aoc|coc|assoc; 简介每句附来源字段并标识 AI生成; 领导班子、会员数据、新闻、联系方式; 未发布的主页仅本组织及上级可见)',
    tags: TAGS,
    access: { permission: 'authenticated' },
    query: homepageQuery,
    scope: orgRecord('query.deptId'),
    response: aiHomepage,
    handler: ({ actor, query }) => svc.detail(actor, query),
  });

  route(app, {
    method: 'POST',
    url: AI_HOMEPAGE_PATHS.save,
    summary: 'AI主页 save: 保存本组织AI主页的简介 (deptId, version, lines[{text, sources}]; 版本不符时提示刷新; 仅本组织工作人员)',
    tags: TAGS,
    access: { permission: 'portal_myorg' },
    body: homepageSaveBody,
    scope: orgRecord('body.deptId'),
    response: aiHomepage,
    handler: async ({ actor, body }) => withMsg(await svc.save(actor, body), HOMEPAGE_MSG.saved),
  });

  route(app, {
    method: 'POST',
    url: AI_HOMEPAGE_PATHS.publish,
    summary: 'AI主页 publish: 发布本组织AI主页 (deptId, version; 记录发布人与时间; 发布后本组织所在条线的用户可见)',
    tags: TAGS,
    access: { permission: 'portal_myorg' },
    body: homepagePublishBody,
    scope: orgRecord('body.deptId'),
    response: aiHomepage,
    handler: async ({ actor, body }) => withMsg(await svc.publish(actor, body), HOMEPAGE_MSG.published),
  });

  route(app, {
    method: 'POST',
    url: AI_HOMEPAGE_PATHS.unpublish,
    summary: 'AI主页 unpublish: 撤回本组织AI主页的发布 (deptId, version; 撤回后仅本组织及上级可见)',
    tags: TAGS,
    access: { permission: 'portal_myorg' },
    body: homepagePublishBody,
    scope: orgRecord('body.deptId'),
    response: aiHomepage,
    handler: async ({ actor, body }) => withMsg(await svc.unpublish(actor, body), HOMEPAGE_MSG.unpublished),
  });
}
