import type { FastifyInstance } from 'fastify';
import { idQuery, pageOf, pageQuery, type LogView } from '@gsl/contract';
import { resolveScope } from '../../platform/access/scope.js';
import { notFound } from '../../platform/http/errors.js';
import { route } from '../../platform/http/route.js';
import { formatTime } from '../../platform/http/time.js';
import { LOG_KINDS } from './log.kind.js';
import { logRepo } from './log.repo.js';

/** blade-log: usual, api and error lists and details (log rows are written in batches: each read flushes this process's first). */
export default async function logRoutes(app: FastifyInstance) {
  // The row holds the kind's columns (listColumns, or all of them for a detail), which the LogView types name.
  const view = (row: Record<string, unknown>) =>
    ({
      ...row,
      id: String(row.id),
      createUser: row.createUser == null ? null : String(row.createUser),
      createDept: row.createDept == null ? null : String(row.createDept),
      createTime: formatTime(row.createTime as Date, app.config.timeZone),
    }) as LogView;

  for (const kind of LOG_KINDS) {
    route(app, {
      method: 'GET',
      url: `/api/blade-log/${kind.path}/list`,
      summary: `blade-log ${kind.path} list: ${kind.label}分页列表`,
      tags: ['log'],
      access: { permission: kind.permission },
      query: pageQuery.passthrough(),
      response: pageOf(kind.record),
      handler: async ({ actor, query }) => {
        await app.services.audit.flush(); // rows of calls that just finished are still in this process's batch
        const scope = await resolveScope(app.db, actor, 'log');
        const page = await logRepo.page(app.db, kind, actor, scope, query, query as Record<string, unknown>);
        return { ...page, records: page.records.map(view) };
      },
    });

    route(app, {
      method: 'GET',
      url: `/api/blade-log/${kind.path}/detail`,
      summary: `blade-log ${kind.path} detail: ${kind.label}详情`,
      tags: ['log'],
      access: { permission: kind.permission },
      query: idQuery,
      response: kind.record,
      handler: async ({ actor, query }) => {
        await app.services.audit.flush();
        const scope = await resolveScope(app.db, actor, 'log');
        const row = await logRepo.detail(app.db, kind, actor, scope, query.id);
        if (!row) throw notFound();
        return view(row);
      },
    });
  }
}
