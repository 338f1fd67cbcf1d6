import type { FastifyInstance } from 'fastify';
import { notepadRoutes } from './notepad/notepad.routes.js';
import { pendingRoutes } from './pending/pending.routes.js';

/**
 * 我的一天 (specification §2 /portal/myDay, §7 "My day"): the user's to-dos, gathered from the modules
 * that own the work (platform/pending), and the notepad.
 */
export default async function mydayModule(app: FastifyInstance) {
  pendingRoutes(app);
  notepadRoutes(app);
}
