/**
 * Quality §2 — authorisation, for every route whose access is a permission code (walked from the
 * route table): a signed-in user whose roles lack the code gets 403 in the envelope with a Chinese
 * message, and nothing in the database changes. Checked for a role with no grants at all, for a
 * role holding every menu except exactly the route's code, for a disabled role holding every menu,
 * and for a token naming a role its user does not hold. The same user with the grant is let through.
 */
import { sql } from 'kysely';
import { MSG } from '@gsl/contract';
import { describe, expect, it } from 'vitest';
import { startWalk } from '../../../test/harness/walk.js';
import { changedTables, tableChecksums, countWrites } from '../../../test/harness/checksum.js';
import { createRole, createUser, deptId, restoreGrant, revokeGrant } from '../../../test/harness/people.js';
import { codesOf, permissionOf, type RouteEntry } from '../../../test/harness/route-table.js';
import { sampleOrFallback, type Sample } from '../../../test/harness/sample.js';
import { answerProblem, assertNone, mintToken, type WireRequest, type WireResult } from '../../../test/harness/wire.js';

const { t, routes, ctx, stats, call } = await startWalk();

const nanjing = await deptId(t.db, '南京市工商联');
const noGrantRole = await createRole(t.db, { alias: 'quality_no_grant', grants: [] });
const allButRole = await createRole(t.db, { alias: 'quality_all_but_one', grants: 'all' });
const disabledRole = await createRole(t.db, { alias: 'quality_disabled_role', grants: 'all' });
await sql`update blade_role set status = 0 where id = ${disabledRole}`.execute(t.db);
const noGrant = await createUser(t.db, { account: 'quality_no_grant', deptId: nanjing, roleIds: [noGrantRole] });
const allBut = await createUser(t.db, { account: 'quality_all_but_one', deptId: nanjing, roleIds: [allButRole] });
const withDisabledRole = await createUser(t.db, { account: 'quality_disabled_role', deptId: nanjing, roleIds: [disabledRole] });

// Real sign-ins (password grant) for the two main users; the others get tokens signed like the server's.
const noGrantToken = (await t.login(noGrant.account, noGrant.password)).access_token as string;
const allButToken = (await t.login(allBut.account, allBut.password)).access_token as string;

// Each request's "no table changes" is checked by counting writes (triggers); the walks over every route also compare checksums before and after.
const writes = await countWrites(t.db);

const permissioned = routes.filter((r) => permissionOf(r) && permissionOf(r) !== 'authenticated');
const authenticatedOnly = routes.filter((r) => permissionOf(r) === 'authenticated');
const codes = [...new Set(permissioned.map((r) => permissionOf(r)!))].sort();

const sampleOf = (r: RouteEntry): Sample => sampleOrFallback(r, ctx);
const request = (route: RouteEntry, token: string): WireRequest => {
  const s = sampleOf(route);
  return { method: route.method, path: s.path, query: s.query as Record<string, string>, ...(s.body !== undefined ? { json: s.body } : {}), token };
};

function check403(res: WireResult, route: RouteEntry, label: string, failures: string[]) {
  if (res.status !== 403) failures.push(`${route.key} ${label}: status ${res.status}, expected 403 (${res.text.slice(0, 120)})`);
  const problem = answerProblem(res, route.def, route.url);
  if (problem) failures.push(`${route.key} ${label}: ${problem}`);
}

describe('quality §2: authorisation of every route that needs a permission code', () => {
  it('a user whose only role has no grants gets 403 on every one, and no table changes', { timeout: 300_000 }, async () => {
    const failures: string[] = [];
    const before = await tableChecksums(t.db);
    await writes.since();
    for (const route of permissioned) {
      check403(await call(request(route, noGrantToken)), route, '(role without grants)', failures);
      const changed = await writes.since();
      if (changed.length) failures.push(`${route.key}: changed ${changed.join(', ')}`);
    }
    assertNone(failures);
    expect(changedTables(before, await tableChecksums(t.db))).toEqual([]);
  });

  it.each(codes.map((c) => [c, permissioned.filter((r) => permissionOf(r) === c)] as const))(
    'holding every menu except "%s" is 403 on its routes, and no table changes',
    async (code, own) => {
      for (const c of codesOf(code)) await revokeGrant(t.db, allButRole, c);
      try {
        const failures: string[] = [];
        await writes.since();
        for (const route of own) check403(await call(request(route, allButToken)), route, `(every grant but ${code})`, failures);
        assertNone(failures);
        expect(await writes.since()).toEqual([]);
      } finally {
        for (const c of codesOf(code)) await restoreGrant(t.db, allButRole, c);
      }
    },
  );

  it('a disabled role grants nothing, nor does a role the token names but the user does not hold', { timeout: 300_000 }, async () => {
    const failures: string[] = [];
    const before = await tableChecksums(t.db);
    const disabledToken = await mintToken(t, withDisabledRole);
    const foreignRoleToken = await mintToken(t, { ...noGrant, roleIds: [allButRole] });
    for (const route of permissioned) {
      check403(await call(request(route, disabledToken)), route, '(role disabled)', failures);
      check403(await call(request(route, foreignRoleToken)), route, '(token names a role the user does not hold)', failures);
    }
    assertNone(failures);
    expect(changedTables(before, await tableChecksums(t.db))).toEqual([]);
  });

  it('with the grant the same requests go through (no 401, no permission 403), and "authenticated" routes need no grant', { timeout: 300_000 }, async () => {
    const failures: string[] = [];
    // A 403 with another message is the route's own business rule about the record (e.g. a platform row), not the permission check.
    const refused = (res: WireResult) => res.status === 401 || (res.status === 403 && res.body?.msg === MSG.forbidden) || res.status >= 500;
    for (const route of authenticatedOnly) {
      const res = await call(request(route, await mintToken(t, noGrant)));
      if (refused(res)) failures.push(`${route.key} (no grants): ${res.status} ${res.text.slice(0, 120)}`);
    }
    const ordered = [...permissioned.filter((r) => r.method === 'GET'), ...permissioned.filter((r) => r.method !== 'GET')];
    for (const route of ordered) {
      const res = await call(request(route, await mintToken(t, allBut)));
      if (refused(res)) failures.push(`${route.key} (every grant): ${res.status} ${res.text.slice(0, 120)}`);
    }
    assertNone(failures);
    console.log(
      `quality §2 authorisation: ${permissioned.length} routes under ${codes.length} permission codes, ${authenticatedOnly.length} 'authenticated' routes; ` +
        `${stats.requests} requests, ${stats.fivexx} 5xx`,
    );
  });
});
