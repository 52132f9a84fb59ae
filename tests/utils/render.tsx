import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { App } from '@/app';
import { createQueryClient } from '@/app/setup/query-client';
import { theme } from '@/app/setup/theme';
import { useSessionStore, type SessionUser } from '@/shared/auth';
import { sessionToken, signedInUser } from '../msw/handlers/auth';

type UserEventOptions = Parameters<typeof userEvent.setup>[0];

/**
 * Renders one component with Mantine and a fresh QueryClient that never retries. `withoutTransitions`
 * gives Mantine its test environment (dropdowns and dialogs appear and go without their animation),
 * for tests whose subject is not the animation and that a loaded machine made race it.
 */
export function renderWithProviders(ui: ReactElement, options: { user?: UserEventOptions; withoutTransitions?: boolean } = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider theme={theme} env={options.withoutTransitions ? 'test' : 'default'}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
  return { user: userEvent.setup(options.user), queryClient, ...render(ui, { wrapper }) };
}

/**
 * Renders the whole app (providers, router, guards, lazy pages) at `path`, as a browser that
 * opened that address would; a failed load is retried as the app does, without the backoff's wait.
 */
export function renderRoute(path: string, options: { user?: UserEventOptions } = {}) {
  window.history.replaceState(null, '', path);
  return { user: userEvent.setup(options.user), ...render(<App queryClient={createQueryClient({ retryDelay: 0 })} />) };
}

/** Starts the test signed in, as if a code had been verified before. */
export function startSession(user: SessionUser = signedInUser, token = sessionToken) {
  useSessionStore.getState().setLogin(token, user);
}

/** The address bar's path and query, e.g. `/otp?email=ana%40example.com`. */
export const currentLocation = () => `${window.location.pathname}${window.location.search}`;
