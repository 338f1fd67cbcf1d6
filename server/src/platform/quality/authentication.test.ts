/**
 * Quality §1 — authentication, for every route in the table (walked, never listed by hand):
 * every route that is not on PUBLIC_ROUTES answers 401 in the envelope, with a Chinese message, to
 * a missing, tampered, expired, foreign or revoked token and to a missing, wrong or unknown client;
 * public 'client' routes answer 401 without the client; 'open' routes need nothing. Each route's
 * request is otherwise valid (generated from its schemas), and the same request with good
 * credentials is not refused, so the 401 comes from authentication and not from anything else.
 */
import { sql } from 'kysely';
import { MSG } from '@gsl/contract';
import { describe, expect, it } from 'vitest';
import { startWalk } from '../../../test/harness/walk.js';
import { type RouteEntry } from '../../../test/harness/route-table.js';
import { sampleOrFallback, type Sample } from '../../../test/harness/sample.js';
import { createUser } from '../../../test/harness/people.js';
import {
  answerProblem,
  assertNone,
  basic,
  mintToken,
  tamperPayload,
  tamperSignature,
  unsignedToken,
  type TokenSubject,
  type WireRequest,
  type WireResult,
} from '../../../test/harness/wire.js';
import { PUBLIC_ROUTES } from '../access/public-routes.js';
import { TokenSigner } from '../auth/tokens.js';
import { isFileLink } from '../http/route.js';

const { t, routes, admin, ctx, stats, call } = await startWalk();
stats.routes = 0;

function request(route: RouteEntry, sample: Sample, over: Partial<WireRequest>): WireRequest {
  return {
    method: route.method,
    path: sample.path,
    query: sample.query as Record<string, string | string[]>,
    ...(sample.body !== undefined ? { json: sample.body } : {}),
    ...over,
  };
}

/** Users whose tokens must stop working: one disabled, one deleted (created before the samples pick ids). */
const disabled = await createUser(t.db, { account: 'quality_disabled', deptId: admin.deptId, roleIds: admin.roleIds });
const deleted = await createUser(t.db, { account: 'quality_deleted', deptId: admin.deptId, roleIds: admin.roleIds });
const disabledToken = await mintToken(t, disabled);
const deletedToken = await mintToken(t, deleted);
await sql`update blade_user set status = 0 where id = ${disabled.id}`.execute(t.db);
await sql`update blade_user set is_deleted = 1 where id = ${deleted.id}`.execute(t.db);

/** A real sign-in whose chain is then revoked by logging out. */
const revokedToken = (await t.login('admin')).access_token as string;
const logout = await call({ method: 'GET', path: '/api/blade-auth/oauth/logout', token: revokedToken });
expect(logout.status).toBe(200);

const good = (who: TokenSubject = admin) => mintToken(t, who);

/** Token variants that must each answer 401, with a good client. */
const BAD_TOKENS: Array<[string, () => Promise<Partial<WireRequest>>]> = [
  ['no Blade-Auth header', async () => ({})],
  ['Blade-Auth without the bearer scheme', async () => ({ headers: { 'blade-auth': await good() } })],
  ['Blade-Auth that is not a JWT', async () => ({ token: 'not-a-token' })],
  ['token with one signature character changed', async () => ({ token: tamperSignature(await good()) })],
  ['token whose payload names another user, old signature kept', async () => ({ token: tamperPayload(await good(disabled), { sub: admin.id }) })],
  ['unsigned token (alg none)', async () => ({ token: unsignedToken(await good()) })],
  ['token signed with another secret', async () => ({ token: await mintToken(t, admin, { secret: `${t.config.jwtSecret}x` }) })],
  ['expired token signed with the right secret', async () => ({ token: await mintToken(t, admin, { ttlSeconds: -60 }) })],
  ['token of a revoked chain (after logout)', async () => ({ token: revokedToken })],
  ['token issued to another client', async () => ({ token: await mintToken(t, admin, { clientId: 'quality_other' }) })],
  ['token of a disabled user', async () => ({ token: disabledToken })],
  ['token of a deleted user', async () => ({ token: deletedToken })],
  [
    'tampered token in the Blade-Auth query parameter',
    async () => ({ rawQuery: `Blade-Auth=${encodeURIComponent(`bearer ${tamperSignature(await good())}`)}` }),
  ],
  // Tokens never travel in URLs (logs, proxies, history): a valid access token there opens nothing.
  ['valid access token in the Blade-Auth query parameter', async () => ({ rawQuery: `Blade-Auth=${encodeURIComponent(`bearer ${await good()}`)}` })],
  [
    'valid access token in the query, no client header',
    async () => ({ client: false, rawQuery: `Blade-Auth=${encodeURIComponent(`bearer ${await good()}`)}` }),
  ],
  // A download token opens one file through a link, and is no access token.
  ['download token in the Blade-Auth header', async () => ({ token: await downloadToken() })],
];

async function downloadToken(): Promise<string> {
  return new TokenSigner(t.config.jwtSecret).signDownload(
    { userId: admin.id, tenantId: admin.tenantId, deptId: admin.deptId, roleIds: admin.roleIds, clientId: t.config.clientId, chainId: 'quality-chain' },
    'f'.repeat(32),
    300,
  );
}

/** Client variants that must each answer 401, with a good token. */
const BAD_CLIENTS: Array<[string, () => Partial<WireRequest>]> = [
  ['no Basic client header', () => ({ client: false })],
  ['wrong client secret', () => ({ client: { id: t.config.clientId, secret: `${t.config.clientSecret}x` } })],
  ['unknown client id', () => ({ client: { id: 'quality_unknown', secret: t.config.clientSecret } })],
  ['malformed Basic header', () => ({ client: false, headers: { authorization: 'Basic !!!not-base64' } })],
  ['Basic header without a secret', () => ({ client: false, headers: { authorization: basic(t.config.clientId, '').replace(/=+$/, '') } })],
];

function check401(res: WireResult, route: RouteEntry, label: string, failures: string[]) {
  if (res.status !== 401) failures.push(`${label}: status ${res.status}, expected 401 (${res.text.slice(0, 120)})`);
  const problem = answerProblem(res, route.def, route.url);
  if (problem) failures.push(`${label}: ${problem}`);
}

const guarded = routes.filter((r) => !PUBLIC_ROUTES[r.key]);
const clientRoutes = routes.filter((r) => PUBLIC_ROUTES[r.key] === 'client');
const openRoutes = routes.filter((r) => PUBLIC_ROUTES[r.key] === 'open');
const samples = new Map(routes.map((r) => [r.key, sampleOrFallback(r, ctx)]));
const sampleOf = (r: RouteEntry): Sample => samples.get(r.key)!;

describe('quality §1: authentication of every route that is not on PUBLIC_ROUTES', () => {
  it.each(guarded.map((r) => [r.key, r] as const))('%s: 401 without a valid token or client', async (_key, route) => {
    stats.routes++;
    const sample = sampleOf(route);
    const failures: string[] = [];
    for (const [label, variant] of BAD_TOKENS) {
      // An export opened as a link by a BladeX client (window.open: no headers) carries the access token in
      // the query, on such GET file routes only (README "Using a BladeX/Saber client").
      if (label === 'valid access token in the query, no client header' && route.def && isFileLink(route.def)) continue;
      check401(await call(request(route, sample, await variant())), route, label, failures);
    }
    for (const [label, variant] of BAD_CLIENTS) {
      check401(await call(request(route, sample, { token: await good(), ...variant() })), route, label, failures);
    }
    if (route.method === 'GET') {
      const head = await call({ ...request(route, sample, {}), method: 'HEAD' });
      if (head.status !== 401) failures.push(`HEAD without a token: status ${head.status}, expected 401`);
    }
    assertNone(failures);
  });
});

describe('quality §1: public routes', () => {
  it.each(clientRoutes.map((r) => [r.key, r] as const))('%s (client): 401 without a valid client, not without a token', async (_key, route) => {
    stats.routes++;
    const sample = sampleOf(route);
    const failures: string[] = [];
    for (const [label, variant] of BAD_CLIENTS) check401(await call(request(route, sample, variant())), route, label, failures);
    const open = await call(request(route, sample, {}));
    if (open.status === 401) failures.push(`good client, no token: 401 (${open.text.slice(0, 120)})`);
    assertNone(failures);
  });

  it.each(openRoutes.map((r) => [r.key, r] as const))('%s (open): answers with no credentials at all', async (_key, route) => {
    stats.routes++;
    const res = await call(request(route, sampleOf(route), { client: false }));
    expect(res.status).not.toBe(401);
    expect(res.status).toBeLessThan(500);
  });
});

describe('quality §1: the same requests with good credentials are not refused', () => {
  it(
    'every guarded route accepts its generated request with a valid token and client (no 401, and no permission 403 for the administrator)',
    { timeout: 300_000 },
    async () => {
      const failures: string[] = [];
      // Reads first, then writes (a write may remove the row a later read's sample names).
      const ordered = [...guarded.filter((r) => r.method === 'GET'), ...guarded.filter((r) => r.method !== 'GET')];
      for (const route of ordered) {
        const res = await call(request(route, sampleOf(route), { token: await good() }));
        if (res.status === 401 || (res.status === 403 && res.body?.msg === MSG.forbidden) || res.status >= 500)
          failures.push(`${route.key}: ${res.status} ${res.text.slice(0, 160)}`);
      }
      assertNone(failures);
      console.log(
        `quality §1 authentication: ${guarded.length} guarded routes × ${BAD_TOKENS.length + BAD_CLIENTS.length} refusals, ` +
          `${clientRoutes.length} client routes, ${openRoutes.length} open routes; ${stats.requests} requests, ${stats.fivexx} 5xx`,
      );
    },
  );
});
