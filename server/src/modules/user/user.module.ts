import type { FastifyInstance } from 'fastify';
import userAccountRoutes from './user-account.routes.js';
import userExcelRoutes from './user-excel.routes.js';
import userPlatformRoutes from './user-platform.routes.js';
import userRoutes from './user.routes.js';
import { registerUserAttachments } from './user.attach.js';

/** The blade-user account calls: list and records, account operations, Excel import and export. */
export default async function userModule(app: FastifyInstance) {
  registerUserAttachments(app.services.attachReferrers);
  await app.register(userRoutes);
  await app.register(userAccountRoutes);
  await app.register(userExcelRoutes);
  await app.register(userPlatformRoutes);
}
