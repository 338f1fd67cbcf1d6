import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/http/route.js';
import { healthRepo } from './health.repo.js';

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
        await healthRepo.ping(app.db);
        return reply.send({ status: 'UP', database: 'UP', latencyMs: Date.now() - started });
      } catch {
        return reply.status(503).send({ status: 'DOWN', database: 'DOWN' });
      }
    },
  });
}
