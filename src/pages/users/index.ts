import type { QueryClient } from '@tanstack/react-query';
import { lazyRouteComponent } from '@tanstack/react-router';
import type { UsersSearch } from './model/search';

export const UsersPage = lazyRouteComponent(() => import('./ui/users-page'), 'UsersPage');
export { usersSearchSchema, type UsersSearch } from './model/search';

/** The route loader: loaded on demand, so the sign-in pages do not carry the users code. */
export const prefetchUsersPage = (queryClient: QueryClient, search: UsersSearch) =>
  void import('./model/loader').then(({ prefetchUsers }) => prefetchUsers(queryClient, search));
