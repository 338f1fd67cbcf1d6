import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { route } from '../../platform/http/route.js';

export default async function healthRoutes(app: FastifyInstance) {
  route(app, {
    method: 'GET',
    url: '/api/health',
    summary: '健康检查 (数据库可达性)',
    tags: ['platform'],
    access: { public: 'open' },
    raw: true,
    handler: async ({ reply }) => {
      const started = Date.now();
      try {
        await sql`select 1`.execute(app.db);
        return reply.send({ status: 'UP', database: 'UP', latencyMs: Date.now() - started });
      } catch {
        return reply.status(503).send({ status: 'DOWN', database: 'DOWN' });
      }
    },
  });
}
