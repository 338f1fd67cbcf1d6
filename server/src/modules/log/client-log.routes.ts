import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { route } from '../../platform/http/route.js';

const entry = z.object({
  url: z.string().max(2000).optional().default(''),
  time: z.string().max(40).optional().default(''),
  type: z.string().max(50).optional().default(''),
  message: z.string().max(4000).optional().default(''),
  stack: z.string().max(20000).optional().default(''),
  info: z.string().max(4000).optional().default(''),
});

export default async function clientLogRoutes(app: FastifyInstance) {
  route(app, {
    method: 'POST',
    url: '/api/msg-center/log/client',
    summary: 'sendLogs: 前端错误日志上报',
    tags: ['log'],
    access: { permission: 'authenticated' },
    body: z.object({ logs: z.array(entry).min(1, '日志不能为空').max(50, '一次最多上报50条日志') }),
    audit: false,
    handler: async ({ req, body }) => {
      for (const log of body.logs) app.services.audit.usual(req, 'error', `web:${log.type || 'error'}`.slice(0, 100), JSON.stringify(log));
      return null;
    },
  });
}
