import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AUTH_MSG, DATASOURCE_MSG, MSG, ORG_ACCOUNT_MSG, TENANT_MSG } from '@gsl/contract';
import type { AppConfig } from '../config/config.js';
import { PLATFORM_CODES } from '../access/tenant.js';
import { AsyncResource } from 'node:async_hooks';
import type { Db } from '../../db/connection.js';
import { runOnDb } from '../../db/tenant-context.js';
import type { Tenancy } from '../tenancy/tenancy.js';
import { loadActor } from '../access/actor.js';
import { apiScopeAllows, requestPaths } from '../access/api-scope.js';
import { AppError, forbidden, unauthorized } from '../http/errors.js';
import { permissionCodes } from '../http/route.js';
import type { ClientRegistry, ClientRow } from './client.js';
import type { TokenSigner } from './tokens.js';

declare module 'fastify' {
  interface FastifyRequest {
    client: ClientRow | null;
    /** The signed-in tenant's own datasource, when it has one (null: the main database). */
    tenantDb: Db | null;
    tenantScope: AsyncResource | null;
    /** The one file a download token in the query grants (public id); null when the header token is used. */
    downloadFile: string | null;
  }
}

/** The access token of a request: the Blade-Auth header only (never the query string). */
export function bearerOf(req: FastifyRequest): string | null {
  const header = req.headers['blade-auth'];
  return tokenOf(Array.isArray(header) ? header[0] : header);
}

/**
 * The token in the `Blade-Auth` query parameter, read only on routes that answer a file link: a download
 * token, or on an export a BladeX client opens with window.open its access token, with or without
 * `bearer ` (Saber sends it bare).
 */
function queryTokenOf(req: FastifyRequest): string | null {
  const q = req.query as Record<string, unknown> | undefined;
  const fromQuery = q?.['Blade-Auth'] ?? q?.['blade-auth'];
  if (typeof fromQuery !== 'string') return null;
  return tokenOf(fromQuery) ?? (/^[\w-]+\.[\w-]+\.[\w-]+$/.test(fromQuery.trim()) ? fromQuery.trim() : null);
}

function tokenOf(raw: string | undefined): string | null {
  if (!raw) return null;
  const m = /^bearer\s+(\S+)$/i.exec(raw.trim());
  return m ? m[1] : null;
}

/**
 * Access on every request, before the body is read: client check (Basic) on every /api call that is
 * not open, then token, live user and permission on every call that is not public.
 */
const REFUSALS: Record<string, string> = {
  disabled: AUTH_MSG.disabled,
  tenant_expired: TENANT_MSG.expired,
  tenant_unavailable: TENANT_MSG.unavailable,
};

export function installGuard(app: FastifyInstance, deps: { tenancy: Tenancy; clients: ClientRegistry; signer: TokenSigner; config: AppConfig }): void {
  const main = deps.tenancy.main;
  app.decorateRequest('actor', null);
  app.decorateRequest('client', null);
  app.decorateRequest('tenantDb', null);
  app.decorateRequest('tenantScope', null);
  app.decorateRequest('downloadFile', null);
  app.addHook('onRequest', async (req) => {
    const access = req.routeOptions.config?.access;
    if (!access || ('public' in access && access.public === 'open')) return;
    // A file link (img src, new tab) cannot send headers: it carries a download token for that one file,
    // which names its client (still checked to be live) in place of the Basic credentials.
    const config = req.routeOptions.config;
    const headerless = !req.headers.authorization && !req.headers['blade-auth'] && !('public' in access);
    const linkToken = headerless && config?.downloadLink ? queryTokenOf(req) : null;
    const link = linkToken ? await deps.signer.verifyDownload(linkToken) : null;
    if (linkToken && !link) throw unauthorized('下载链接已失效,请重新打开');
    // An export opened as a link: the access token in the query names its client, still checked to be live.
    const fileToken = headerless && config?.fileLink ? queryTokenOf(req) : null;
    const fileClaims = fileToken ? await deps.signer.verify(fileToken) : null;
    if (fileToken && !fileClaims) throw unauthorized('登录已过期,请重新登录');
    const linkClaims = link?.claims ?? fileClaims;
    const client = linkClaims ? await deps.clients.find(linkClaims.clientId) : await deps.clients.authenticate(req.headers.authorization);
    if (!client) throw new AppError(401, MSG.badClient);
    req.client = client;
    if ('public' in access) return;
    const token = linkClaims ? null : bearerOf(req);
    if (!token && !linkClaims) throw unauthorized(MSG.notLoggedIn);
    const claims = linkClaims ?? (await deps.signer.verify(token!));
    if (!claims || claims.clientId !== client.clientId) throw unauthorized('登录已过期,请重新登录');
    if (link) req.downloadFile = link.file;
    // Tenant mode: platform settings belong to the platform administrator only (SpringBlade #41/#42),
    // so a platform code grants nothing to anyone else.
    const declared = permissionCodes(access.permission);
    const codes = access.permission === 'authenticated' ? 'authenticated' : deps.config.tenantMode ? declared.filter((c) => !PLATFORM_CODES.has(c)) : declared;
    const db = await deps.tenancy.dbOf(claims.tenantId).catch(() => {
      throw new AppError(503, DATASOURCE_MSG.unavailable);
    });
    if (db !== main) req.tenantDb = db;
    const found = await loadActor(db, claims, codes, main);
    if (!found.ok) throw unauthorized(REFUSALS[found.reason] ?? '登录已失效,请重新登录');
    req.actor = found.actor;
    if (!found.actor.allowed) throw forbidden();
    // First sign-on with an issued password: nothing but the calls every signed-in user makes (its own info,
    // menus, update-password, logout) until the password is changed.
    if (found.actor.passwordResetRequired && codes !== 'authenticated') throw forbidden(ORG_ACCOUNT_MSG.passwordChangeRequired);
    if (deps.config.tenantMode && !found.actor.isAdministrator && codes !== 'authenticated' && codes.length === 0) throw forbidden();
    if (!(await apiScopeAllows(db, found.actor, requestPaths(req)))) throw forbidden();
  });
  // A bound tenant's request runs on its datasource: everything after the guard happens inside the scope.
  // The body is parsed outside any async context, so the scope is entered again before validation.
  app.addHook('onRequest', (req, _reply, done) => {
    if (!req.tenantDb) return done();
    runOnDb(req.tenantDb, () => {
      req.tenantScope = new AsyncResource('tenant-db');
      done();
    });
  });
  app.addHook('preValidation', (req, _reply, done) => {
    if (!req.tenantScope) return done();
    req.tenantScope.runInAsyncScope(done, req.raw);
  });
}
