import type { FastifyInstance } from 'fastify';
import { encryptBody } from './crypto.js';
import { preparedOf } from './prepared.js';

/** Paths under /api whose JSON is not encrypted (wire contract §3). */
const PLAIN = [/^\/api\/health$/, /^\/api\/openapi\.json$/, /^\/api\/docs(\/|$)/];

/** Encrypts every JSON answer under /api (errors included) when API_CRYPTO is on. */
export function installEncryption(app: FastifyInstance, aesKey: string): void {
  app.addHook('onSend', async (req, reply, payload) => {
    const url = req.url.split('?')[0];
    if (!url.startsWith('/api/') || PLAIN.some((p) => p.test(url))) return payload;
    const kept = preparedOf(reply);
    if (kept && payload === kept.json) {
      reply.header('content-type', 'text/plain; charset=utf-8');
      return kept.encrypted(aesKey); // encrypted once, sent to every caller while the answer holds
    }
    const type = String(reply.getHeader('content-type') ?? '');
    if (!type.startsWith('application/json') || typeof payload !== 'string') return payload;
    reply.header('content-type', 'text/plain; charset=utf-8');
    return encryptBody(payload, aesKey);
  });
}
