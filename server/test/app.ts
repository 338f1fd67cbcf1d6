import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../src/app.js';
import { openDatabase, type Db, type Listen } from '../src/db/connection.js';
import type { AppConfig } from '../src/platform/config/config.js';
import { decryptBody } from '../src/platform/http/crypto.js';
import { sha256 } from '../src/platform/auth/tokens.js';
import { AUTH_MSG } from '@gsl/contract';
import { testConfig } from './config.js';
import { adminQuery, databaseUrlOf } from './pg-admin.js';

export const DEMO_PASSWORD = 'Demo@2026';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: AppConfig;
  kind: 'pglite' | 'pg';
  /** PostgreSQL: the address of this app's own database (a second app on it stands for a second server process). */
  databaseUrl?: string;
  /** Calls the API as the web client does (Basic client, optional token) and decrypts the answer. */
  call(opts: CallOptions): Promise<CallResult>;
  /**
   * Signs in with the password grant (the password in the body, wire contract §4.5) and returns the
   * token answer. An account that failed before needs a captcha: the helper solves one (solveCaptcha).
   */
  login(account: string, password?: string): Promise<Record<string, any>>;
  /**
   * The password grant's raw answer, its parameters in the body. `captcha`: headers to send, or 'auto'
   * to answer a captcha when the server asks for one (an account that failed before), as a person would.
   */
  passwordGrant(
    account: string,
    password: string,
    opts?: { captcha?: Record<string, string> | 'auto'; tenantId?: string; client?: CallOptions['client'] },
  ): Promise<CallResult>;
  /** A captcha solved for the test: Captcha-Key / Captcha-Code headers for the token call. */
  solveCaptcha(): Promise<Record<string, string>>;
  close(): Promise<void>;
}

export interface CallOptions {
  method?: InjectOptions['method'];
  url: string;
  query?: Record<string, string>;
  body?: unknown;
  token?: string;
  /** Basic credentials; false sends none. */
  client?: { id: string; secret: string } | false;
  headers?: Record<string, string>;
}

export interface CallResult {
  status: number;
  body: any;
  raw: string;
  headers: Record<string, unknown>;
}

/**
 * A server on a database of its own: an in-memory PGlite loaded from the run's template, or, when
 * TEST_DB=pg, a copy of the run's template database on DATABASE_URL's server, dropped afterwards.
 */
export async function createTestApp(overrides: Partial<AppConfig> = {}, opts: { wrapListen?: (listen: Listen) => Listen } = {}): Promise<TestApp> {
  // No outbox worker unless asked for ({ outboxWorker: true }): a test delivers its jobs when it means to,
  // with app.services.outbox.drainUntilIdle(), and no timer outlives it.
  const config = testConfig({ outboxWorker: false, ...overrides });
  const onPg = process.env.TEST_DB === 'pg';
  // PostgreSQL: a database of this file's own, copied from the run's migrated and seeded template.
  const database = onPg ? `t_${randomBytes(6).toString('hex')}` : undefined;
  if (database) await adminQuery(process.env.DATABASE_URL!, `create database ${database} template ${inject('pgTemplate')}`);
  const handle = database
    ? await openDatabase({ databaseUrl: databaseUrlOf(process.env.DATABASE_URL!, database), poolSize: 4 })
    : await openDatabase({ pgliteDump: new Blob([fs.readFileSync(inject('pgliteDump'))]) });
  const app = await buildApp(config, handle.db, { logger: false, listen: opts.wrapListen ? opts.wrapListen(handle.listen) : handle.listen });
  await app.ready();

  const call = async (o: CallOptions): Promise<CallResult> => {
    const client = o.client === undefined ? { id: config.clientId, secret: config.clientSecret } : o.client;
    const headers: Record<string, string> = { ...(o.headers ?? {}) };
    if (client) headers.authorization = `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString('base64')}`;
    if (o.token) headers['blade-auth'] = `bearer ${o.token}`;
    const res = await app.inject({
      method: o.method ?? 'GET',
      url: o.url,
      query: o.query,
      headers,
      ...(o.body === undefined ? {} : typeof o.body === 'string' ? { payload: o.body } : { payload: o.body as object }),
    });
    let text = res.body;
    if (String(res.headers['content-type']).startsWith('text/plain') && config.apiCrypto && o.url.startsWith('/api/')) text = decryptBody(text, config.aesKey);
    let body: any = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* html or file */
    }
    return { status: res.statusCode, body, raw: res.body, headers: res.headers };
  };

  /**
   * The test's stand-in for a person reading the image: a real captcha is issued by the API, then its
   * stored answer (a hash) is replaced with a known one. Tests only; the product has no bypass.
   */
  const solveCaptcha = async (): Promise<Record<string, string>> => {
    const issued = await call({ url: '/api/blade-auth/oauth/captcha' });
    if (issued.status !== 200) throw new Error(`captcha failed: ${issued.status} ${issued.raw.slice(0, 200)}`);
    const answer = randomBytes(3).toString('hex');
    await handle.db
      .updateTable('authCaptcha')
      .set({ answerHash: sha256(answer) })
      .where('key', '=', issued.body.key)
      .execute();
    return { 'captcha-key': issued.body.key, 'captcha-code': answer };
  };

  const passwordGrant: TestApp['passwordGrant'] = async (account, password, opts = {}) => {
    const send = (headers?: Record<string, string>) =>
      call({
        method: 'POST',
        url: '/api/blade-auth/oauth/token',
        body: { grant_type: 'password', username: account, password, tenantId: opts.tenantId ?? config.defaultTenantId },
        headers,
        client: opts.client,
      });
    if (opts.captcha !== 'auto') return send(opts.captcha);
    const res = await send();
    return res.status === 400 && res.body?.error_description === AUTH_MSG.captchaRequired ? send(await solveCaptcha()) : res;
  };

  return {
    app,
    db: handle.db,
    config,
    kind: handle.kind,
    databaseUrl: database ? databaseUrlOf(process.env.DATABASE_URL!, database) : undefined,
    call,
    passwordGrant,
    solveCaptcha,
    async login(account, password = DEMO_PASSWORD) {
      const res = await passwordGrant(account, password, { captcha: 'auto' });
      if (res.status !== 200) throw new Error(`login ${account} failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    },
    async close() {
      await app.close();
      await handle.close();
      if (database) await adminQuery(process.env.DATABASE_URL!, `drop database if exists ${database} with (force)`);
    },
  };
}
