/** The setup every route walker shares: a test app, its route table, the administrator and a counting sender. */
import { afterAll } from 'vitest';
import { createTestApp, type TestApp } from '../app.js';
import { subjectOf } from './people.js';
import { routeTable, type RouteEntry } from './route-table.js';
import { sampleContext, type SampleContext } from './sample.js';
import { send, type TokenSubject, type WireRequest, type WireResult } from './wire.js';

export interface Walk {
  t: TestApp;
  routes: RouteEntry[];
  admin: TokenSubject;
  ctx: SampleContext;
  /** Requests sent through `call` and how many of them answered 5xx. */
  stats: { requests: number; fivexx: number; [figure: string]: number };
  call(r: WireRequest): Promise<WireResult>;
}

/** Creates the app (closed after the file's tests) and the walker's tools. */
export async function startWalk(): Promise<Walk> {
  const t = await createTestApp();
  afterAll(() => t.close());
  const { routes } = routeTable(t.app);
  const admin = await subjectOf(t.db, 'admin');
  const ctx = await sampleContext(t.db, { userId: admin.id, deptId: admin.deptId, roleId: admin.roleIds[0], tenantId: admin.tenantId });
  const stats: Walk['stats'] = { requests: 0, fivexx: 0 };
  const call = async (r: WireRequest) => {
    const res = await send(t, r);
    stats.requests++;
    if (res.status >= 500) stats.fivexx++;
    return res;
  };
  return { t, routes, admin, ctx, stats, call };
}
