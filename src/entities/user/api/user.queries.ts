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
  /** The users matching `q` (the first 300 by name without it), for selects; part of `lists()`, so writes refresh it. */
  options: (q = '') =>
    queryOptions({
      queryKey: [...userQueries.lists(), 'options', { q }] as const,
      queryFn: ({ signal }) => fetchUserOptions(q, signal),
    }),
  details: () => [...userQueries.all(), 'detail'] as const,
  detail: (id: number) =>
    queryOptions({
      queryKey: [...userQueries.details(), id] as const,
      queryFn: ({ signal }) => fetchUser(id, signal),
    }),
};
