import { queryOptions } from '@tanstack/react-query';
import { fetchAccountSessions } from './account-session.api';

/**
 * Query keys and options for the signed-in person's sessions. There is one list and no detail:
 * closing a session or changing the password invalidates `lists()`.
 */
export const accountSessionQueries = {
  all: () => ['account-sessions'] as const,
  lists: () => [...accountSessionQueries.all(), 'list'] as const,
  list: () =>
    queryOptions({
      queryKey: accountSessionQueries.lists(),
      queryFn: ({ signal }) => fetchAccountSessions(signal),
    }),
};
