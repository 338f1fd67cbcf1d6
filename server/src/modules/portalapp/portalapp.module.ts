import type { FastifyInstance } from 'fastify';
import { appsRoutes } from './apps/apps.routes.js';

/**
 * The rest of the portal's calls (specification §2, §4, §7 "Other {product}-service calls"): 业务应用's
 * applications and their use.
 */
export default async function portalAppModule(app: FastifyInstance) {
  appsRoutes(app);
}
