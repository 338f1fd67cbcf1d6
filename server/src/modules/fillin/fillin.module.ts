import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { XLSX_UPLOAD } from '../../platform/files/xlsx-transfer.js';
import { collectExcelRoutes } from './collect-excel.routes.js';
import { fillinContext } from './fillin.context.js';
import { fillinRoutes } from './fillin.routes.js';
import { pendingFillin } from './pending.js';
import { supplementRoutes } from './supplement.routes.js';
import { templateRoutes } from './template.routes.js';

/**
 * 填报 (specification §1, §3, §4, §5, §7 "Fill-in"): fillperiod, collectperson, associationcommercesupplement
 * and businesstag, for the chamber that fills in and the federation that follows. My day's to-do list
 * shows a chamber whose term is not filled in yet, or whose list the federation returned.
 */
export default async function fillinModule(app: FastifyInstance) {
  await app.register(multipart, XLSX_UPLOAD);
  const ctx = fillinContext(app);
  app.services.pending.register('fillin', (db, actor) => pendingFillin(db, actor));
  fillinRoutes(app, ctx);
  supplementRoutes(app, ctx);
  templateRoutes(app, ctx);
  collectExcelRoutes(app, ctx);
}
