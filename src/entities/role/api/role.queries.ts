import { queryOptions } from '@tanstack/react-query';
import type { ListParams } from '@/shared/api';
import { LOAD_LIMIT } from '@/shared/config';
import { fetchPermissions, fetchRole, fetchRoles } from './role.api';

/** Query keys and options for roles and the permission catalogue. */
export const roleQueries = {
  all: () => ['roles'] as const,
  lists: () => [...roleQueries.all(), 'list'] as const,
  list: (params: ListParams = { limit: LOAD_LIMIT.roles }) =>
    queryOptions({
      queryKey: [...roleQueries.lists(), params] as const,
      queryFn: ({ signal }) => fetchRoles(params, signal),
    }),
  details: () => [...roleQueries.all(), 'detail'] as const,
  detail: (id: number) =>
    queryOptions({
      queryKey: [...roleQueries.details(), id] as const,
      queryFn: ({ signal }) => fetchRole(id, signal),
    }),
  /** The catalogue changes only with a new release. */
  permissions: () =>
    queryOptions({
      queryKey: [...roleQueries.all(), 'permissions'] as const,
      queryFn: ({ signal }) => fetchPermissions(signal),
      staleTime: Infinity,
    }),
};
