import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { menuKeys } from '../../../api/system/menu';
import { AntdProviders } from '../../../app/AntdProviders';
import { createQueryClient, Providers } from '../../../app/providers';

/**
 * A stand-in for the server behind api/http.ts in the screens' component tests: each call is
 * recorded; `routes` answers by method + path (the data of the envelope).
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
  const httpModule = {
    get: async (url: string, params?: Record<string, unknown>) => answer({ method: 'GET', url, params }),
    post: async (url: string, body?: unknown) => answer({ method: 'POST', url, body }),
    request: async (url: string, opts: { method?: string; params?: Record<string, unknown>; body?: unknown } = {}) => {
      const data = answer({ method: opts.method ?? 'GET', url, params: opts.params, body: opts.body });
      const envelope = data && typeof data === 'object' && 'msg' in (data as object) ? (data as { msg: string; data?: unknown }) : { data, msg: '' };
      return { code: 200, success: true, data: envelope.data ?? null, msg: envelope.msg };
    },
  };
  const last = (method: string, url: string) => calls.filter((c) => c.method === method && c.url === url).at(-1);
  return { calls, httpModule, last };
}

/** Renders a screen with the given button permissions. */
export function renderScreen(ui: ReactNode, granted: string[]) {
  const client = createQueryClient();
  client.setQueryData(menuKeys.buttons, Object.fromEntries(granted.map((c) => [c, true])));
  return render(
    <Providers queryClient={client}>
      <AntdProviders>{ui}</AntdProviders>
    </Providers>,
  );
}
