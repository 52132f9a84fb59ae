import { userQueries } from '@/entities/user';
import type { PageLoad } from '@/shared/lib';
import { usersListParams, type UsersSearch } from './search';

/** Starts loading the list while the page's code loads (the roles tab loads its own). */
export const prefetch = ({ queryClient, search }: PageLoad<UsersSearch, unknown>) => {
  if (search.tab !== 'roles') void queryClient.prefetchQuery(userQueries.list(usersListParams(search)));
};
