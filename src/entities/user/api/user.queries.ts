import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ListParams } from '@/shared/api';
import { fetchUser, fetchUserOptions, fetchUsers } from './user.api';

/** Query keys and options for staff users; writes invalidate `lists()` (and the user's `detail`). */
export const userQueries = {
  all: () => ['users'] as const,
  lists: () => [...userQueries.all(), 'list'] as const,
  list: (params: ListParams) =>
    queryOptions({
      queryKey: [...userQueries.lists(), params] as const,
      queryFn: ({ signal }) => fetchUsers(params, signal),
      // The table keeps the previous page on screen while the next one loads.
      placeholderData: keepPreviousData,
    }),
  /** Every user's id and name, for filters; part of `lists()`, so writes refresh it. */
  options: () =>
    queryOptions({
      queryKey: [...userQueries.lists(), 'options'] as const,
      queryFn: ({ signal }) => fetchUserOptions(signal),
    }),
  details: () => [...userQueries.all(), 'detail'] as const,
  detail: (id: number) =>
    queryOptions({
      queryKey: [...userQueries.details(), id] as const,
      queryFn: ({ signal }) => fetchUser(id, signal),
    }),
};
