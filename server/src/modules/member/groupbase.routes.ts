import type { FastifyInstance } from 'fastify';
import { MSG, VERSION_REQUIRED_MSG, deptIdFilter, groupBaseRecord, groupSubmit, idQuery, pageOf, pageQuery } from '@gsl/contract';
import { assertGranted, isGranted } from '../../platform/access/grants.js';
import { personalDataCipher } from '../../platform/audit/personal-data.js';
import { withMsg } from '../../platform/http/envelope.js';
import { badRequest } from '../../platform/http/errors.js';
import { route, type RouteScope } from '../../platform/http/route.js';
import { removeRoute } from '../../platform/http/remove-route.js';
import { GROUP, memberTable } from './member.kinds.js';
import { memberService } from './member.service.js';
import { memberView } from './member.view.js';

const BASE = '/api/eh-aoc/groupbase';
const scope = (idFrom: `${'query' | 'body'}.${string}`): RouteScope => memberTable(GROUP).record(idFrom);

/**
 * eh-aoc groupbase (specification §7): the basic records of group members (团体会员) under BladeX's
 * list/detail/remove/submit names, served by the same rules, scope and change history as memberAocGroup.
 */
export default async function groupBaseRoutes(app: FastifyInstance) {
  const db = app.db;
  const cipher = () => personalDataCipher(db, { production: app.config.production });
  const svc = memberService(GROUP, { db, cipher });
  const view = (row: Parameters<typeof memberView>[1], unmasked: boolean) => memberView(GROUP, row, { timeZone: app.config.timeZone, unmasked });
  const tags = ['member'];

  route(app, {
    method: 'GET',
    url: `${BASE}/list`,
    summary: 'groupbase list: 团体会员基础信息分页 (数据权限内; 过滤同 memberAocGroup/page)',
    tags,
    access: { permission: 'member_group' },
    query: pageQuery.extend({ deptId: deptIdFilter }).passthrough(),
    scope: memberTable(GROUP).list(),
    response: pageOf(groupBaseRecord),
    handler: async ({ req, actor, query }) => {
      const page = await svc.page(actor, query, query as Record<string, unknown>);
      const unmasked = await isGranted(db, actor, 'member_sensitive');
      const shown = page.records.filter((r) => r.contactPhone);
      if (unmasked && shown.length)
        app.services.audit.usual(
          req,
          'info',
          'member_sensitive_view',
          JSON.stringify({ tag: 'group', url: `${BASE}/list`, recordIds: shown.map((r) => r.id), fields: ['contactPhone'] }),
        );
      return { ...page, records: page.records.map((r) => view(r, unmasked)) };
    },
  });

  route(app, {
    method: 'GET',
    url: `${BASE}/detail`,
    summary: 'groupbase detail: 团体会员基础信息 (id)',
    tags,
    access: { permission: 'member_group' },
    query: idQuery,
    scope: scope('query.id'),
    response: groupBaseRecord,
    handler: async ({ req, actor, query }) => {
      const row = await svc.detail(actor, query.id);
      const unmasked = await isGranted(db, actor, 'member_sensitive');
      if (unmasked && row.contactPhone)
        app.services.audit.usual(
          req,
          'info',
          'member_sensitive_view',
          JSON.stringify({ tag: 'group', url: `${BASE}/detail`, recordIds: [row.id], fields: ['contactPhone'] }),
        );
      return view(row, unmasked);
    },
  });

  removeRoute(app, {
    url: `${BASE}/remove`,
    summary: 'groupbase remove: 删除团体会员 (ids; 全部在数据权限内才删除)',
    tags,
    permission: 'member_group_delete',
    scope: scope('query.ids'),
    remove: (ids, actor) => svc.remove(actor, ids),
  });

  route(app, {
    method: 'POST',
    url: `${BASE}/submit`,
    summary: 'groupbase submit: 新增 (无 id, member_group_add) 或修改 (id、version, member_group_edit) 团体会员',
    tags,
    access: { permission: 'member_group' },
    body: groupSubmit,
    scope: scope('body.id'),
    response: groupBaseRecord,
    handler: async ({ actor, body }) => {
      const { id, version, ...fields } = body;
      if (!id) {
        await assertGranted(db, actor, 'member_group_add');
        return withMsg(view(await svc.save(actor, fields), false), MSG.added);
      }
      await assertGranted(db, actor, 'member_group_edit');
      if (version === undefined) throw badRequest(VERSION_REQUIRED_MSG);
      return withMsg(view(await svc.update(actor, { ...fields, id, version }), false), MSG.updated);
    },
  });
}
