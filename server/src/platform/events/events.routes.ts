import type { FastifyInstance, FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import { z } from 'zod';
import { bearerOf } from '../auth/guard.js';
import { badRequest } from '../http/errors.js';
import { route } from '../http/route.js';
import { EVENTS_MSG } from './events.js';

const EVENT_ID_RE = /^\d{1,19}$/;

const streamQuery = z.object({
  /** For clients that cannot set headers; the Last-Event-ID header wins when both are sent. */
  lastEventId: z
    .string()
    .regex(EVENT_ID_RE, EVENTS_MSG.badLastEventId)
    .meta({ examples: ['0'] })
    .optional(),
});

/** The event id to resume after: the Last-Event-ID header (what EventSource sends), else the query. */
function lastEventIdOf(req: FastifyRequest, fromQuery: string | undefined): string | null {
  const header = req.headers['last-event-id'];
  const raw = (Array.isArray(header) ? header[0] : header)?.trim() || fromQuery;
  if (raw === undefined || raw === '') return null;
  if (!EVENT_ID_RE.test(raw)) throw badRequest(EVENTS_MSG.badLastEventId);
  return raw;
}

/** When the access token that opened the stream expires (the guard has verified it). */
function expiryOf(req: FastifyRequest): number | null {
  const token = bearerOf(req);
  if (!token) return null;
  const exp = decodeJwt(token).exp;
  return typeof exp === 'number' ? exp * 1000 : null;
}

/**
 * The live-event stream (wire contract §3: an event stream, not encrypted). Authenticated like every
 * call, with the Blade-Auth header: the web client reads it with fetch, so the token never travels in
 * a URL. The answer is text/event-stream: events with ids, `ready` once live, `resync` when more
 * was missed than a replay holds, `token-expired` before the server ends the stream at the token's
 * expiry (the client reconnects with its refreshed token), and a comment every 20 s.
 */
export default async function eventRoutes(app: FastifyInstance) {
  const events = app.services.events;
  route(app, {
    method: 'GET',
    url: '/api/blade-events/stream',
    summary: '实时消息事件流 (server-sent events; 未读角标、消息到达、已读同步)',
    tags: ['platform'],
    access: { permission: 'authenticated' },
    query: streamQuery,
    raw: true,
    produces: 'text/event-stream',
    scope: { none: '只送出登录用户本人的事件 (event_log.user_id = 本人), 不含任何机构的记录' },
    handler: async ({ req, reply, query, actor }) => {
      // An EventSource always asks for the stream; anything else (a HEAD, a plain GET) gets an answer that ends.
      if (req.method !== 'GET' || !String(req.headers.accept ?? '').includes('text/event-stream')) throw badRequest(EVENTS_MSG.acceptRequired);
      const stream = await events.open({
        tenantId: actor.tenantId,
        userId: actor.userId,
        lastEventId: lastEventIdOf(req, query.lastEventId),
        expiresAt: expiryOf(req),
      });
      // No caching or buffering on the way (a proxy holding the stream back would delay every event).
      return reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache, no-transform')
        .header('x-accel-buffering', 'no')
        .send(stream.body);
    },
  });
  // Open streams end first when the app closes (app.ts), so closing never waits on them.
}
