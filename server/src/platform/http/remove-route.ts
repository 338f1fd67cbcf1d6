import type { FastifyInstance } from 'fastify';
import { MSG, idsQuery, type PermissionCode } from '@gsl/contract';
import type { Actor } from '../access/actor.js';
import { withMsg } from './envelope.js';
import { route, type RouteDef } from './route.js';

/**
 * A remove call as every module declares it (module guide §5): POST with `ids` (idsQuery, each id
 * taken once), all or none, answering 删除成功. `remove` refuses what it must (404, 400) before it
 * writes anything.
 */
export function removeRoute(
  app: FastifyInstance,
  def: Pick<RouteDef, 'url' | 'summary' | 'tags' | 'scope'> & {
    permission: PermissionCode | 'authenticated';
    remove: (ids: string[], actor: Actor) => Promise<unknown>;
  },
): void {
  route(app, {
    method: 'POST',
    url: def.url,
    summary: def.summary,
    tags: def.tags,
    access: { permission: def.permission },
    query: idsQuery,
    ...(def.scope ? { scope: def.scope } : {}),
    handler: async ({ actor, query }) => {
      await def.remove([...new Set(query.ids.split(','))], actor);
      return withMsg(null, MSG.removed);
    },
  });
}
