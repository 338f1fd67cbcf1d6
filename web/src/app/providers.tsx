import { useEffect, useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { setLogoutQueryClient } from './session/logout';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // The transport already told the user about a failure; retrying would repeat the toast.
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** Providers every route needs. antd's live in AntdProviders, loaded with the first antd screen. */
export function Providers({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  // The logout forgets the cached menus, permissions and dept trees (specification §4 "Logout").
  useEffect(() => {
    setLogoutQueryClient(client);
    return () => setLogoutQueryClient(undefined);
  }, [client]);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
