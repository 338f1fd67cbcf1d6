import os from 'node:os';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/connection.js';
import { BatchWriter, type BatchWriterOptions } from '../db/batch-writer.js';
import { maskParams } from './mask.js';

const HOST = os.hostname();
const SERVICE = 'gsl-portal';

/**
 * api, error and usual log rows. Rows are taken after the answer is sent and never fail a request;
 * they are written in batches (one multi-row INSERT per database and table, batch-writer.ts), a
 * failed write reported to the server log. `flush()` writes everything taken so far: the log screens
 * call it before they read, and it is awaited when the server closes so nothing is lost on a clean stop.
 */
export class AuditLog {
  readonly writer: BatchWriter;
  private logger: Pick<FastifyInstance['log'], 'error'> | null = null;
  constructor(
    private readonly db: Db,
    private readonly env: string,
    batch: Omit<BatchWriterOptions, 'onError'> = {},
  ) {
    this.writer = new BatchWriter({
      ...batch,
      onError: (err, what) => {
        const msg = what.dropped ? `audit log: ${what.rows} ${what.table} rows dropped` : `audit log: ${what.rows} ${what.table} rows not written`;
        if (this.logger) this.logger.error({ err }, msg);
        else console.error(msg, err);
      },
    });
  }

  flush(): Promise<void> {
    return this.writer.flush();
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

  /** Resolves once the row is taken (at once unless the writer is behind: see batch-writer.ts). */
  api(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    return this.writer.add(this.dbOf(req), 'bladeLogApi', {
      ...this.common(req),
      type: reply.statusCode < 400 ? '1' : '2',
      title: req.routeOptions.config?.summary ?? null,
      time: Math.round(reply.elapsedTime),
      status: reply.statusCode,
    });
  }

  error(req: FastifyRequest, err: Error): void {
    const frame = /\((.*):(\d+):\d+\)/.exec(err.stack ?? '');
    void this.writer.add(this.dbOf(req), 'bladeLogError', {
      ...this.common(req),
      stackTrace: (err.stack ?? '').slice(0, 20000),
      exceptionName: err.name,
      message: err.message.slice(0, 4000),
      lineNumber: frame ? Number(frame[2]) : null,
      fileName: frame ? frame[1].slice(0, 1000) : null,
    });
  }

  usual(req: FastifyRequest, level: string, logId: string, data: string): void {
    void this.writer.add(this.dbOf(req), 'bladeLogUsual', { ...this.common(req), params: null, logLevel: level, logId, logData: data.slice(0, 20000) });
  }

  /** The platform hook: routes with `config.audit` get an api log row. */
  install(app: FastifyInstance): void {
    this.logger = app.log;
    // After the answer is sent: awaiting only holds this hook back when the writer is behind.
    app.addHook('onResponse', async (req, reply) => {
      if (req.routeOptions.config?.audit) await this.api(req, reply);
    });
    app.addHook('onClose', async () => this.flush());
  }
}
