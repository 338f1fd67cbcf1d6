import os from 'node:os';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/connection.js';
import { maskParams } from './mask.js';

const HOST = os.hostname();
const SERVICE = 'gsl-portal';

/**
 * api, error and usual log rows. Writes happen after the answer is sent and never fail a request;
 * pending writes are awaited when the server closes so nothing is lost on a clean stop.
 */
export class AuditLog {
  private pending = new Set<Promise<unknown>>();
  constructor(
    private readonly db: Db,
    private readonly env: string,
  ) {}

  private track(p: Promise<unknown>) {
    const q = p.catch(() => undefined).finally(() => this.pending.delete(q));
    this.pending.add(q);
  }

  async flush(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }

  /** A tenant on its own datasource keeps its logs there, where its log screens read them. */
  private dbOf(req: FastifyRequest): Db {
    return req.tenantDb ?? this.db;
  }

  private common(req: FastifyRequest) {
    return {
      tenantId: req.actor?.tenantId ?? null,
      serviceId: SERVICE,
      serverHost: HOST,
      serverIp: null,
      env: this.env,
      method: req.method,
      requestUri: req.url.split('?')[0].slice(0, 2000),
      userAgent: String(req.headers['user-agent'] ?? '').slice(0, 1000),
      remoteIp: req.ip,
      methodClass: null,
      methodName: req.routeOptions.url ?? null,
      params: maskParams(req.query, req.body),
      createBy: req.actor?.account ?? null,
      createUser: req.actor?.userId ?? null,
      createDept: req.actor?.deptId ?? null,
    };
  }

  api(req: FastifyRequest, reply: FastifyReply): void {
    this.track(
      this.dbOf(req)
        .insertInto('bladeLogApi')
        .values({
          ...this.common(req),
          type: reply.statusCode < 400 ? '1' : '2',
          title: req.routeOptions.config?.summary ?? null,
          time: Math.round(reply.elapsedTime),
          status: reply.statusCode,
        })
        .execute(),
    );
  }

  error(req: FastifyRequest, err: Error): void {
    const frame = /\((.*):(\d+):\d+\)/.exec(err.stack ?? '');
    this.track(
      this.dbOf(req)
        .insertInto('bladeLogError')
        .values({
          ...this.common(req),
          stackTrace: (err.stack ?? '').slice(0, 20000),
          exceptionName: err.name,
          message: err.message.slice(0, 4000),
          lineNumber: frame ? Number(frame[2]) : null,
          fileName: frame ? frame[1].slice(0, 1000) : null,
        })
        .execute(),
    );
  }

  usual(req: FastifyRequest, level: string, logId: string, data: string): void {
    this.track(
      this.dbOf(req)
        .insertInto('bladeLogUsual')
        .values({ ...this.common(req), params: null, logLevel: level, logId, logData: data.slice(0, 20000) })
        .execute(),
    );
  }

  /** The platform hook: routes with `config.audit` get an api log row. */
  install(app: FastifyInstance): void {
    app.addHook('onResponse', async (req, reply) => {
      if (req.routeOptions.config?.audit) this.api(req, reply);
    });
    app.addHook('onClose', async () => this.flush());
  }
}
