/**
 * Quality §3 — data scope, for every route that declares `scope` in its definition (RouteDef.scope):
 * a route addressing a record by id answers 404 for a record of an org outside the caller's scope
 * (never the record, never a 403 that would confirm it exists) and changes nothing; a list route
 * returns exactly the rows inside the scope — never another org's — whatever the caller adds to
 * widen it. Table-driven over the BladeX scope types (1 all, 2 own records, 3 own dept, 4 own dept
 * and below, 5 custom) and their union, plus the demo accounts' default rules. The expectation is
 * computed here, independently (parent_id walk over blade_dept, rules read from the role tables).
 */
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { MAX_PAGE_SIZE } from '@gsl/contract';
import { describe, expect, it } from 'vitest';
import { startWalk } from '../../../test/harness/walk.js';
import { uploadFile } from '../../../test/harness/files.js';
import { columnsOf, countWrites } from '../../../test/harness/checksum.js';
import { createRole, createUser, deptId, grantScope, subjectOf } from '../../../test/harness/people.js';
import { codesOf, permissionOf, type RouteEntry } from '../../../test/harness/route-table.js';
import { declaredFields, sampleOrFallback, type Sample, type SampleContext } from '../../../test/harness/sample.js';
import { allowedBy, grantedCodes, lineOf, rowsInside, rowsOutside, rulesOf, spreadRows, type RuleSpec, type TableRef } from '../../../test/harness/scope.js';
import { answerProblem, assertNone, mintToken, type TokenSubject, type WireRequest } from '../../../test/harness/wire.js';
import type { RouteScope } from '../http/route.js';

const { t, routes, admin, ctx, stats, call } = await startWalk();
const scoped = routes.filter((r) => r.def?.scope);
stats.cases = 0;

// ---------------------------------------------------------------------------------------------
// People: one user per scope type (and one holding two rules) in 南京市工商联, per resource.

const nanjing = await deptId(t.db, '南京市工商联');
const province = await deptId(t.db, '江苏省工商联');
const customDepts = [await deptId(t.db, '苏州市工商联'), await deptId(t.db, '南京市浙江商会')];

interface Caller {
  label: string;
  subject: TokenSubject;
  /** Rules per resource as the test set them (demo accounts: read from the role tables). */
  rules: (resource: string) => Promise<RuleSpec[]>;
  /** One of the scope-type users (their data must discriminate); else a demo account. */
  typed: boolean;
}

const TYPES: Array<[string, RuleSpec[]]> = [
  ['type 1 all', [{ type: 1 }]],
  ['type 2 own records', [{ type: 2 }]],
  ['type 3 own dept', [{ type: 3 }]],
  ['type 4 own dept and below', [{ type: 4 }]],
  ['type 5 custom (苏州市工商联, 南京市浙江商会)', [{ type: 5, deptIds: customDepts }]],
  ['types 3 + 5 (union)', [{ type: 3 }, { type: 5, deptIds: customDepts }]],
];

const resources = [...new Set(scoped.map((r) => r.def!.scope!.resource).filter((x): x is string => !!x))];
const callers: Caller[] = [];
for (const [i, [label, rules]] of TYPES.entries()) {
  const roleIds: string[] = [];
  for (const [j, rule] of rules.entries()) {
    const roleId = await createRole(t.db, { alias: `quality_scope_${i}_${j}`, grants: 'all' });
    for (const resource of resources) await grantScope(t.db, { roleId, resource, type: rule.type, deptIds: rule.deptIds });
    roleIds.push(roleId);
  }
  const user = await createUser(t.db, { account: `quality_scope_${i}`, deptId: nanjing, roleIds });
  callers.push({ label, subject: user, rules: async () => rules, typed: true });
}
for (const account of ['admin', 'js_aoc', 'nj_aoc', 'nj_coc']) {
  const subject = await subjectOf(t.db, account);
  callers.push({ label: `${account} (seeded rules)`, subject, rules: (resource) => rulesOf(t.db, subject.id, resource), typed: false });
}

// Login journal rows across the tree: real sign-ins of demo staff in several orgs, the scope users
// themselves (for "own records"), a failure of an unknown account (no dept).
const someone = async (deptName: string) =>
  (
    await sql<{
      account: string;
    }>`select min(u.account) as account from blade_user u join blade_dept d on d.id = u.dept_id where d.dept_name = ${deptName} and u.is_deleted = 0`.execute(
      t.db,
    )
  ).rows[0].account;
const demoLogins = ['js_aoc', 'nj_aoc', 'nj_coc'];
for (const dept of ['南京市玄武区工商联', '南京市福建商会', '南京市青年企业家协会', '苏州市工商联', '苏州市丝绸行业商会', '江苏省房地产商会', '无锡市工商联'])
  demoLogins.push(await someone(dept));
for (const account of demoLogins) await t.login(account);
for (const c of callers.filter((x) => x.subject.account.startsWith('quality_'))) {
  await t.login(c.subject.account, 'Quality@2026');
  await t.login(c.subject.account, 'Quality@2026');
}
await call({
  method: 'POST',
  path: '/api/blade-auth/oauth/token',
  json: { grant_type: 'password', username: 'quality_nobody', password: 'x', tenantId: '000001' },
});

// Files: one real upload, so blade_attach has a row whose bytes are stored; the copies below share them.
const uploaded = await uploadFile(t, await mintToken(t, admin), 'quality.txt', Buffer.from('quality §3\n'));
if (uploaded.body?.code !== 200) throw new Error(`quality §3 set-up: the upload failed: ${JSON.stringify(uploaded.body)}`);

// Every scoped table gets rows in each probe dept, and the "own records" user owns one far away.
const probeDepts = [
  province,
  nanjing,
  await deptId(t.db, '南京市玄武区工商联'),
  ...customDepts,
  await deptId(t.db, '苏州市丝绸行业商会'),
  await deptId(t.db, '无锡市工商联'),
];
const typeTwo = callers.find((c) => c.label.startsWith('type 2'))!;
/**
 * A route naming no resource but an owner column keeps to the caller's own rows whatever the roles' rules
 * (a note is only ever its owner's): the expectation is the caller's rows, and every scope-type user owns one.
 */
const ownerOnly = (scope: RouteScope) => !scope.resource && !!(scope.list ?? scope.record)?.ownerColumn;
const everyTypedOwner = callers.filter((c) => c.typed).map((c, i) => ({ id: c.subject.id, awayDept: probeDepts[probeDepts.length - 1 - i] }));
const spreadNotes: string[] = [];
const seenTables = new Set<string>();
for (const r of scoped) {
  for (const ref of [r.def!.scope!.list, r.def!.scope!.record]) {
    if (!ref || seenTables.has(JSON.stringify(ref))) continue;
    seenTables.add(JSON.stringify(ref));
    const owners = ownerOnly(r.def!.scope!) ? everyTypedOwner : [{ id: typeTwo.subject.id, awayDept: probeDepts[probeDepts.length - 1] }];
    spreadNotes.push(...(await spreadRows(t.db, ref, probeDepts, owners)));
  }
}
if (spreadNotes.length) console.log(`quality §3 data set-up notes:\n  ${[...new Set(spreadNotes)].join('\n  ')}`);

/** Samples are built for each caller (their own dept and user id where a field names one). */
const ctxFor = (c: Caller): SampleContext => ({
  idOf: ctx.idOf,
  self: { userId: c.subject.id, deptId: c.subject.deptId, roleId: c.subject.roleIds[0], tenantId: c.subject.tenantId },
});
const grants = new Map<string, Set<string> | 'all'>();
for (const c of callers) grants.set(c.subject.id, await grantedCodes(t.db, c.subject.id));
/** Whether the caller may call the route at all (demo accounts lack many admin menus; that is §2's business). */
const mayCall = (r: RouteEntry, c: Caller) => {
  const code = permissionOf(r);
  const g = grants.get(c.subject.id)!;
  return !code || code === 'authenticated' || g === 'all' || codesOf(code).some((c) => g.has(c));
};

// ---------------------------------------------------------------------------------------------

const sampleOf = (r: RouteEntry, c: Caller): Sample => sampleOrFallback(r, ctxFor(c));

/** The route's generated request with the record id put where the route reads it (and its version, for optimistic locks). */
function withId(route: RouteEntry, caller: Caller, idFrom: string, id: string, version?: number): WireRequest {
  const s = sampleOf(route, caller);
  const [part, field] = idFrom.split('.') as ['query' | 'params' | 'body', string];
  const query = { ...(s.query as Record<string, string>) };
  const params = { ...s.params };
  let body = s.body;
  if (part === 'query') query[field] = id;
  if (part === 'params') params[field] = id;
  if (part === 'body') body = { ...(body as object), [field]: id };
  if (version !== undefined && body && typeof body === 'object' && declaredFields(route.def!.body).includes('version')) body = { ...(body as object), version };
  const path = route.url.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, n: string) => encodeURIComponent(params[n] ?? '1'));
  return { method: route.method, path, query, ...(body !== undefined ? { json: body } : {}) };
}

/** An id no row has (fits bigint and the contract's ID_RE). */
const MISSING_ID = '9000000000000000001';
/** A public id (a file's) no row has. */
const MISSING_PUBLIC_ID = 'f'.repeat(32);

async function versionOf(table: string, id: string): Promise<number | undefined> {
  if (!(await columnsOf(t.db)).some((c) => c.tableName === table && c.columnName === 'version')) return undefined;
  const r = await sql<{ version: number }>`select version from ${sql.table(table)} where id::text = ${id}`.execute(t.db);
  return r.rows[0]?.version;
}

async function allowedFor(caller: Caller, scope: RouteScope) {
  if (ownerOnly(scope)) return { all: false, depts: new Set<string>(), ownerId: caller.subject.id };
  if (!scope.resource) return { all: false, depts: await lineOf(t.db, caller.subject.deptId) };
  return allowedBy(t.db, { id: caller.subject.id, deptId: caller.subject.deptId }, await caller.rules(scope.resource));
}

const isWorkbook = (route: RouteEntry) => !!route.def?.raw && !!route.def.produces?.includes('spreadsheetml');

/** Data rows of an exported workbook: its first sheet's rows below the header. */
async function dataRows(bytes: Buffer): Promise<number> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  return Math.max(0, (wb.worksheets[0]?.actualRowCount ?? 0) - 1);
}

/** Every record a list route answers, over all its pages (an export: the number of rows it holds). */
async function listAll(
  route: RouteEntry,
  caller: Caller,
  token: string,
  extra: Partial<WireRequest> = {},
): Promise<{ ids: string[]; rows?: number; problem?: string }> {
  const s = sampleOf(route, caller);
  const paged = declaredFields(route.def!.query).includes('size');
  const idField = route.def!.scope!.list!.idField ?? 'id';
  const ids: string[] = [];
  if (isWorkbook(route)) {
    // An export holds the list's rows without their ids: one data row per record inside the scope.
    const res = await call({
      method: route.method,
      path: s.path,
      ...(s.body !== undefined ? { json: s.body } : {}),
      ...extra,
      query: { ...(s.query as Record<string, string>), ...(extra.query ?? {}) },
      token,
    });
    if (res.status !== 200) return { ids, problem: `status ${res.status}: ${res.text.slice(0, 160)}` };
    return { ids, rows: await dataRows(res.rawBuffer) };
  }
  for (let current = 1; current < 1000; current++) {
    const query = {
      ...(s.query as Record<string, string>),
      ...(paged ? { size: String(MAX_PAGE_SIZE), current: String(current) } : {}),
      ...(extra.query ?? {}),
    };
    const res = await call({ method: route.method, path: s.path, ...(s.body !== undefined ? { json: s.body } : {}), ...extra, query, token });
    if (res.status !== 200) return { ids, problem: `status ${res.status}: ${res.text.slice(0, 160)}` };
    const data = res.body?.data;
    const records: any[] = Array.isArray(data) ? data : (data?.records ?? []);
    ids.push(...records.map((r) => String(r[idField])));
    if (!paged || records.length < MAX_PAGE_SIZE) break;
  }
  return { ids };
}

const listRoutes = scoped.filter((r) => r.def!.scope!.list);
const recordRoutes = scoped.filter((r) => r.def!.scope!.record);
const cases = (rs: RouteEntry[]) => rs.flatMap((r) => callers.filter((c) => mayCall(r, c)).map((c) => [r.key, c.label, r, c] as const));

// A list of the orgs themselves (deptColumn 'id': 填报情况's export) cannot be spread over the probe depts —
// its rows are the depts, and "own records" or a federation's own dept hold none of them; the exact-rows
// checks below still run for it.
const spreadable = listRoutes.filter((r) => r.def!.scope!.list!.deptColumn !== 'id');
describe('quality §3: the test data discriminates the scope types', () => {
  it.each(spreadable.map((r) => [r.key, r] as const))('%s: each scope type expects a different, non-empty set of rows', async (_k, route) => {
    const scope = route.def!.scope!;
    const ref: TableRef = scope.list!;
    const sets = new Map<string, Set<string>>();
    for (const c of callers.filter((x) => x.typed)) sets.set(c.label, await rowsInside(t.db, ref, await allowedFor(c, scope)));
    for (const [label, set] of sets) expect(set.size, label).toBeGreaterThan(0);
    const sizes = [...sets.values()].map((s) => [...s].sort().join(','));
    expect(new Set(sizes).size, 'two scope types expect the same rows: add rows in more orgs').toBe(sets.size);
  });
});

describe("quality §3: list routes return exactly the rows inside the caller's scope", () => {
  it.each(cases(listRoutes))('%s as %s', async (_k, _l, route, caller) => {
    stats.cases++;
    const scope = route.def!.scope!;
    const ref: TableRef = scope.list!;
    const expected = await rowsInside(t.db, ref, await allowedFor(caller, scope));
    const token = await mintToken(t, caller.subject);
    const got = await listAll(route, caller, token);
    expect(got.problem).toBeUndefined();
    if (got.rows !== undefined) {
      expect(got.rows, 'rows in the export, against the records inside the scope').toBe(expected.size);
      const widened = await listAll(route, caller, token, {
        query: { deptId: province, dept_id: province, deptId_equal: province, createDept: province, tenantId: '000000' },
        headers: { 'dept-id': province, 'role-id': admin.roleIds[0], 'tenant-id': '000000' },
      });
      expect(widened.problem).toBeUndefined();
      expect(widened.rows, 'rows in the export after a widening attempt').toBeLessThanOrEqual(expected.size);
      return;
    }
    const outside = got.ids.filter((id) => !expected.has(id));
    expect(outside, "rows outside the scope (another org's)").toEqual([]);
    expect(got.ids.length, 'rows inside the scope that the list leaves out').toBe(expected.size);
    expect(new Set(got.ids).size, 'a row listed twice').toBe(got.ids.length);

    // A request can never widen its scope: dept parameters, filters and headers change nothing.
    const widened = await listAll(route, caller, token, {
      query: { deptId: province, dept_id: province, deptId_equal: province, createDept: province, tenantId: '000000' },
      headers: { 'dept-id': province, 'role-id': admin.roleIds[0], 'tenant-id': '000000' },
    });
    expect(widened.problem).toBeUndefined();
    expect(
      widened.ids.filter((id) => !expected.has(id)),
      'rows outside the scope after a widening attempt',
    ).toEqual([]);
  });
});

/** Writes to any table, counted by triggers: a request on a record outside the scope must write nothing. */
const writes = await countWrites(t.db);

/** Record routes whose 404 was checked exactly by at least one caller; the rest only got the "no leak" comparison. */
const strongly = new Set<string>();
const weakNotes: string[] = [];

describe("quality §3: a record outside the caller's scope is 404 and stays as it was", () => {
  it.each(cases(recordRoutes))('%s as %s', async (_k, _l, route, caller) => {
    stats.cases++;
    const scope = route.def!.scope!;
    const rec = scope.record!;
    const ref: TableRef = rec;
    const allowed = await allowedFor(caller, scope);
    const line = await lineOf(t.db, caller.subject.deptId);
    const outside = await rowsOutside(t.db, ref, allowed, line);
    const token = async () => mintToken(t, caller.subject);
    const failures: string[] = [];

    // The same request for an id no row has is the baseline: a well-formed request answers it 404. When the
    // generated request is refused for another reason (a rule about the caller, not the record), an
    // out-of-scope id must get exactly that same answer: nothing may tell it apart from a missing one.
    const probe = await call({ ...withId(route, caller, rec.idFrom, rec.idColumn ? MISSING_PUBLIC_ID : MISSING_ID, 1), token: await token() });
    const exact = probe.status === 404;
    if (exact) strongly.add(route.key);
    else weakNotes.push(`${route.key} as ${caller.label}: a missing id answers ${probe.status} ${probe.body?.msg ?? ''}`);

    for (const row of outside) {
      await writes.since();
      const res = await call({ ...withId(route, caller, rec.idFrom, row.id, await versionOf(rec.table, row.id)), token: await token() });
      const label = `id ${row.id} (dept ${row.dept})`;
      if (exact && res.status !== 404) failures.push(`${label}: status ${res.status}, expected 404: ${res.text.slice(0, 160)}`);
      if (!exact && (res.status !== probe.status || res.body?.msg !== probe.body?.msg)) {
        failures.push(`${label}: answers ${res.status} ${res.body?.msg}, a missing id ${probe.status} ${probe.body?.msg}: the answer tells the record exists`);
      }
      const problem = answerProblem(res, route.def, route.url);
      if (problem) failures.push(`${label}: ${problem}`);
      const changed = await writes.since();
      if (changed.length) failures.push(`${label}: changed ${changed.join(', ')}`);
    }
    const inside = [...(await rowsInside(t.db, ref, allowed))].sort().slice(0, 2);
    if (rec.idFrom.endsWith('ids') && outside.length && inside.length) {
      // A mixed list is refused as a whole: nothing of it is applied.
      await writes.since();
      const ids = `${inside[0]},${outside[0].id}`;
      const res = await call({ ...withId(route, caller, rec.idFrom, ids), token: await token() });
      if (exact && res.status !== 404) failures.push(`ids ${ids}: status ${res.status}, expected 404`);
      const changed = await writes.since();
      if (changed.length) failures.push(`ids ${ids}: changed ${changed.join(', ')}`);
    }
    if (exact && route.method === 'GET') {
      for (const id of inside) {
        const res = await call({ ...withId(route, caller, rec.idFrom, id), token: await token() });
        if (res.status !== 200) failures.push(`id ${id} is inside the scope: status ${res.status}, expected 200: ${res.text.slice(0, 160)}`);
      }
    }
    assertNone(failures);
    if (caller.typed && !allowed.all) expect(outside.length, 'no row outside the scope to try (see the set-up notes)').toBeGreaterThan(0);
  });

  it('every record route was checked for an exact 404 by at least one caller', () => {
    const unchecked = recordRoutes.filter((r) => !strongly.has(r.key)).map((r) => r.key);
    expect(unchecked, `only compared with a missing id:\n  ${weakNotes.join('\n  ')}`).toEqual([]);
  });
});

describe('quality §3: summary', () => {
  it('prints the figures', () => {
    console.log(
      `quality §3 data scope: ${scoped.length} scoped routes (${listRoutes.length} list, ${recordRoutes.length} record) × ${callers.length} callers ` +
        `(${TYPES.length} scope-type users, 4 demo accounts); ${stats.cases} cases, ${stats.requests} requests, ${stats.fivexx} 5xx`,
    );
    if (weakNotes.length)
      console.log(
        `quality §3: cases where the generated request is refused before the record is looked up (compared with a missing id instead):\n  ${weakNotes.join('\n  ')}`,
      );
    expect(stats.fivexx).toBe(0);
  });
});
