import type { FastifyInstance } from 'fastify';
import { associationContext } from './association.context.js';
import { commerceRoutes } from './commerce.routes.js';
import { resumeRoutes } from './resume.routes.js';

/**
 * Association leadership by term (specification §1, §7 "Association" and ai-resume): the teams of the
 * orgs by year, the lower-level list, the association's base record and 大事记, and the org profile's
 * leadership section read from the same rows.
 */
export default async function associationModule(app: FastifyInstance) {
  const ctx = associationContext(app);
  commerceRoutes(app, ctx);
  resumeRoutes(app, ctx);
}
