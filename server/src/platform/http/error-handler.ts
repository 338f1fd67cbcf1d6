import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from '@gsl/contract';
import type { AuditLog } from '../audit/audit-log.js';
import { encryptBody } from './crypto.js';
import { envelope } from './envelope.js';
import { AppError } from './errors.js';
import { inputErrorMessage } from './db-errors.js';

interface Mapped {
  status: number;
  msg: string;
  data: unknown;
}

const FASTIFY_CODES: Record<string, Mapped> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, msg: MSG.tooLarge, data: null },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 400, msg: MSG.badContentType, data: null },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, msg: '请求长度不正确', data: null },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, msg: '请求内容不能为空', data: null },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, msg: MSG.badJson, data: null },
};

function map(err: FastifyError | AppError | Error): Mapped {
  if (err instanceof AppError) return { status: err.code, msg: err.message, data: err.details ?? null };
  const fe = err as FastifyError;
  if (fe.code && FASTIFY_CODES[fe.code]) return FASTIFY_CODES[fe.code];
  if (err instanceof SyntaxError && fe.statusCode === 400) return { status: 400, msg: MSG.badJson, data: null };
  const dbMessage = inputErrorMessage(err);
  if (dbMessage) return { status: 400, msg: dbMessage, data: null };
  if (fe.statusCode === 429) return { status: 429, msg: MSG.tooMany, data: null };
  if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) return { status: fe.statusCode, msg: '请求格式不正确', data: null };
  return { status: 500, msg: MSG.serverError, data: null };
}

/** One error handler: everything becomes the envelope (or the OAuth error shape on the token call). */
export function installErrorHandler(app: FastifyInstance, audit: AuditLog): void {
  app.setErrorHandler((err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    const m = map(err);
    if (m.status >= 500) {
      req.log.error({ err }, 'unhandled error');
      audit.error(req, err);
    } else if (!(err instanceof AppError) && inputErrorMessage(err)) {
      req.log.warn({ err }, 'database refused input'); // a service should map this one itself
    }
    // A raw route (a download) may have set its own type and file name before failing: the error is JSON.
    reply.removeHeader('content-disposition');
    reply.type('application/json; charset=utf-8');
    if (req.routeOptions.config?.oauthErrors) {
      return reply.status(m.status).send({ error_code: m.status, error_description: m.msg });
    }
    return reply.status(m.status).send(envelope(m.status, m.data, m.msg));
  });

  app.setNotFoundHandler((req, reply) => {
    reply.status(404).send(envelope(404, null, MSG.routeNotFound));
  });
}

/**
 * Refusals by Fastify's router itself — a malformed URL (`/api/x%`), a path parameter over
 * maxParamLength — happen before any route, hook or error handler, and answer Fastify's own JSON
 * unless the server is built with `frameworkErrors: frameworkErrorHandler(config)`. This answers
 * them like every other error: the envelope with a Chinese message, encrypted under /api.
 */
export function frameworkErrorHandler(config: { apiCrypto: boolean; aesKey: string }) {
  return (err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    const status = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : (err.statusCode ?? 400);
    const msg = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? '请求地址中的参数过长' : '请求地址格式不正确';
    const body = JSON.stringify(envelope(status, null, msg));
    reply.code(status);
    if (config.apiCrypto && (req.raw.url ?? '').startsWith('/api/')) return reply.type('text/plain; charset=utf-8').send(encryptBody(body, config.aesKey));
    return reply.type('application/json; charset=utf-8').send(body);
  };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Errors answer `{ error_code, error_description }` (the token endpoint, wire contract §4). */
    oauthErrors?: boolean;
  }
}
