import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useSessionStore } from '@/shared/auth';
import { searchRedirect } from '@/shared/lib';
import { AppProviders } from './setup/app-providers';
import { createQueryClient } from './setup/query-client';
import { createAppRouter } from './routes/router';

/** The panel; `queryClient` lets a test give its own. */
export function App({ queryClient: given }: { queryClient?: QueryClient } = {}) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  const [router] = useState(() => createAppRouter(queryClient));

  // When the session ends (sign-out, or a 401 from any call), leave the protected screens at once
  // and forget the previous person's cached data. A session the server ended (a notice says why)
  // keeps the person's place: the sign-in brings them back to it. Signing out starts afresh.
  useEffect(
    () =>
      useSessionStore.subscribe((state, previous) => {
        if (previous.token && !state.token) {
          queryClient.clear();
          const redirect = state.notice ? searchRedirect(router.state.location.href) : undefined;
          void router.navigate({ to: '/login', search: { redirect }, replace: true });
        }
      }),
    [queryClient, router],
  );

  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
