import { roleQueries } from '@/entities/role';
import { userQueries } from '@/entities/user';
import type { PageLoad } from '@/shared/lib';
import { usersListParams, type UsersSearch } from './search';

/**
 * Starts loading the list and the roles (the role filter's options, whose label a chosen role
 * needs) while the page's code loads; the roles tab loads its own.
 */
export const prefetch = ({ queryClient, search }: PageLoad<UsersSearch, unknown>) => {
  if (search.tab === 'roles') return;
  void queryClient.prefetchQuery(userQueries.list(usersListParams(search)));
  void queryClient.prefetchQuery(roleQueries.list());
};
