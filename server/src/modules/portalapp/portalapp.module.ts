import type { FastifyInstance } from 'fastify';
import { appsRoutes } from './apps/apps.routes.js';
import { honorsRoutes } from './honors/honors.routes.js';
import { reminderRoutes } from './reminder/reminder.routes.js';
import { jsSdkRoutes } from './jssdk/jssdk.routes.js';
import { draftRoutes } from './draft/draft.routes.js';

/**
 * The rest of the portal's calls (specification §2, §4, §7 "Other {product}-service calls"): 业务应用's
 * applications and their use; the honours and the leadership rank of the orgs in scope; the chamber-information reminder (§4); the WeChat JS-SDK signature; the drafts received from 全国工商联 (infocontractdraft).
 */
export default async function portalAppModule(app: FastifyInstance) {
  appsRoutes(app);
  honorsRoutes(app);
  reminderRoutes(app);
  jsSdkRoutes(app);
  await draftRoutes(app);
}
