import type { FastifyInstance } from 'fastify';
import { MSG, clientRecord, clientSubmit, idQuery, pageOf, pageQuery, type ClientView } from '@gsl/contract';
import { withMsg } from '../../../platform/http/envelope.js';
import { notFound } from '../../../platform/http/errors.js';
import { route } from '../../../platform/http/route.js';
import { removeRoute } from '../../../platform/http/remove-route.js';
import { formatTime } from '../../../platform/http/time.js';
import { clientRepo, type ClientRecord } from './client.repo.js';
import { clientService } from './client.service.js';

export default async function clientRoutes(app: FastifyInstance) {
  const view = (r: ClientRecord): ClientView => ({
    ...r,
    id: String(r.id),
    clientSecret: null,
    createTime: formatTime(r.createTime, app.config.timeZone),
    updateTime: formatTime(r.updateTime, app.config.timeZone),
  });

  route(app, {
    method: 'GET',
    url: '/api/blade-system/client/list',
    summary: 'client list: 应用(客户端)分页列表',
    tags: ['system-client'],
    access: { permission: 'client' },
    query: pageQuery.passthrough(),
    response: pageOf(clientRecord),
    handler: async ({ query }) => {
      const page = await clientRepo.page(app.db, query, query as Record<string, unknown>);
      return { ...page, records: page.records.map(view) };
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/blade-system/client/detail',
    summary: 'client detail: 应用详情 (不含密钥)',
    tags: ['system-client'],
    access: { permission: 'client' },
    query: idQuery,
    response: clientRecord,
    handler: async ({ query }) => {
      const row = await clientRepo.findById(app.db, query.id);
      if (!row) throw notFound();
      return view(row);
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/blade-system/client/submit',
    summary: 'client submit: 新增或修改应用 (新增未填密钥时生成并仅此一次返回)',
    tags: ['system-client'],
    access: { permission: 'client' },
    body: clientSubmit,
    response: clientRecord,
    handler: async ({ actor, body }) => {
      const { id, created, generatedSecret } = await clientService.submit(app.db, actor, body);
      app.services.clients.invalidate();
      const row = (await clientRepo.findById(app.db, id))!;
      return withMsg({ ...view(row), clientSecret: generatedSecret }, created ? MSG.added : MSG.updated);
    },
  });

  removeRoute(app, {
    url: '/api/blade-system/client/remove',
    summary: 'client remove: 删除应用 (ids; 本系统网页端应用不可删除)',
    tags: ['system-client'],
    permission: 'client_delete',
    remove: async (ids) => {
      await clientService.remove(app.db, ids, app.config.clientId);
      app.services.clients.invalidate();
    },
  });
}
