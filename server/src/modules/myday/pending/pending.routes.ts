import type { FastifyInstance } from 'fastify';
import { pendingAnswer, type PendingView } from '@gsl/contract';
import { route } from '../../../platform/http/route.js';

/**
 * 我的一天 › 待办 (specification §7 "My day" GET pending): what is waiting for the signed-in user, from
 * real data only. The modules that own the work register their kinds with the platform's registry
 * (app.services.pending: unread notices, annual reports to review or returned, …), each read inside the
 * user's data scope; kinds with nothing waiting are left out, so done work disappears.
 */
export function pendingRoutes(app: FastifyInstance) {
  route(app, {
    method: 'GET',
    url: '/api/aoc-service/my-day/pending',
    summary: 'My day GET pending: 我的待办 (各类待办的数量与办理页面; 没有待办的类别不列出)',
    tags: ['myday'],
    access: { permission: 'authenticated' },
    response: pendingAnswer,
    handler: async ({ actor }): Promise<PendingView[]> =>
      (await app.services.pending.collect(app.db, actor)).map((item) => ({ ...item, latestTime: item.latestTime ?? null })),
  });
}
