import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { menuKeys } from '../src/api/system/menu';
import { AntdProviders } from '../src/app/AntdProviders';
import { createQueryClient, Providers } from '../src/app/providers';

/**
 * Test helpers for the screens' component tests: the app's providers around a screen, the paging
 * envelope a list call answers, and the mocked transport.
 */

/** Renders a screen as the app does (router, query client, antd), with these button codes granted. */
export function renderScreen(ui: ReactNode, granted: readonly string[] = [], client: QueryClient = createQueryClient()) {
  client.setQueryData(menuKeys.buttons, Object.fromEntries(granted.map((c) => [c, true])));
  return render(
    <MemoryRouter>
      <Providers queryClient={client}>
        <AntdProviders>{ui}</AntdProviders>
      </Providers>
    </MemoryRouter>,
  );
}

/** One page holding these records, as a list call answers it. */
export const page = <T,>(records: T[]) => ({ records, total: records.length, size: 10, current: 1, pages: 1 });

/**
 * api/http's `get` and `request` and api/feedback's toasts, for a test file that mocks both modules:
 *   vi.mock('…/api/feedback', () => ({ toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() }, setMessageInstance: vi.fn() }));
 *   vi.mock('…/api/http', async (original) => ({ ...(await original<object>()), get: vi.fn(), request: vi.fn() }));
 */
export async function mockedApi() {
  const http = await import('../src/api/http');
  const { toast } = await import('../src/api/feedback');
  return { get: vi.mocked(http.get), request: vi.mocked(http.request), toast: vi.mocked(toast) };
}
