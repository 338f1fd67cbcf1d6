import { vi } from 'vitest';
import * as http from '../src/api/http';

/**
 * A stand-in for the server behind api/http.ts in the screens' component tests: each call is
 * recorded; `routes` answers by method + path (the data of the envelope). The test file mocks
 * api/http's `get` and `request` with vi.fn() (see mockedApi in screens.tsx); the fake answers them.
 */
export interface Call {
  method: string;
  url: string;
  params?: Record<string, unknown>;
  body?: unknown;
}

export function fakeServer(routes: Record<string, (call: Call) => unknown>) {
  const calls: Call[] = [];
  const answer = (call: Call) => {
    calls.push(call);
    const handler = routes[`${call.method} ${call.url}`];
    if (!handler) throw new Error(`no fake answer for ${call.method} ${call.url}`);
    return handler(call);
  };
  vi.mocked(http.get).mockImplementation((async (url: string, params?: Record<string, unknown>) => answer({ method: 'GET', url, params })) as never);
  vi.mocked(http.request).mockImplementation((async (url: string, opts: { method?: string; params?: Record<string, unknown>; body?: unknown } = {}) => {
    const data = answer({ method: opts.method ?? 'GET', url, params: opts.params, body: opts.body });
    const envelope = data && typeof data === 'object' && 'msg' in (data as object) ? (data as { msg: string; data?: unknown }) : { data, msg: '' };
    return { code: 200, success: true, data: envelope.data ?? null, msg: envelope.msg };
  }) as never);
  const last = (method: string, url: string) => calls.filter((c) => c.method === method && c.url === url).at(-1);
  return { calls, last };
}
