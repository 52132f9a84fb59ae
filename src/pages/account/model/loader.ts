import type { QueryClient } from '@tanstack/react-query';
import { accountSessionQueries } from '@/entities/account-session';

/** Starts loading the open sessions while the page's code loads; failures show on the page itself. */
export const prefetchAccountSessions = (queryClient: QueryClient) => {
  void queryClient.prefetchQuery(accountSessionQueries.list());
};
