import { RouterProvider } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useSessionStore } from '@/shared/auth';
import { AppProviders } from './setup/app-providers';
import { createQueryClient } from './setup/query-client';
import { createAppRouter } from './routes/router';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createAppRouter(queryClient));

  // When the session ends (sign-out, or a 401 from any call), leave the protected screens at once
  // and forget the previous person's cached data.
  useEffect(
    () =>
      useSessionStore.subscribe((state, previous) => {
        if (previous.token && !state.token) {
          queryClient.clear();
          void router.navigate({ to: '/login', replace: true });
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
