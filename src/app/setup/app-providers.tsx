import '../styles/mantine-core.css';
import '../styles/global.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { theme } from './theme';

/**
 * What every screen needs, the sign-in pages included. Kept small: /login loads it. The theme is
 * this browser's last choice (Mantine's local storage manager, read before the first paint by
 * index.html's script), else the system's; once signed in, the person's kept choice.
 */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="auto">
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
