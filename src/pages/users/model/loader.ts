import type { QueryClient } from '@tanstack/react-query';
import { userQueries } from '@/entities/user';
import { usersListParams, type UsersSearch } from './search';

/** Starts loading the list while the page's code loads; failures show on the page itself. */
export const prefetchUsers = (queryClient: QueryClient, search: UsersSearch) => {
  if (search.tab !== 'roles') void queryClient.prefetchQuery(userQueries.list(usersListParams(search)));
};
