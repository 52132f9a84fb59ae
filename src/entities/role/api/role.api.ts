import type { PermissionInfo, Role, RoleSlug, RoleWithPermissions } from '@contract/role';
import { queryOptions } from '@tanstack/react-query';
import { api, entityKeys, listSearchParams, type ListParams, type Paginated } from '@/shared/api';
import { LOAD_LIMIT } from '@/shared/config';

export type { PermissionInfo, Role, RoleSlug, RoleWithPermissions };

/** What staff read when loading roles fails without a message of its own. */
export const ROLES_FALLBACK = 'No se pudieron cargar los roles';
export const PERMISSIONS_FALLBACK = 'No se pudieron cargar los permisos';
export const SYNC_PERMISSIONS_FALLBACK = 'No se pudieron guardar los permisos';

export const fetchRoles = (params: ListParams = {}, signal?: AbortSignal) =>
  api.get<Paginated<RoleWithPermissions>>('v1/roles', { searchParams: listSearchParams(params), fallback: ROLES_FALLBACK, signal });

export const fetchRole = (id: number, signal?: AbortSignal) =>
  api.get<RoleWithPermissions>(`v1/roles/${id}`, { fallback: ROLES_FALLBACK, signal });

/** The permission catalogue, with each permission's area and label. */
export const fetchPermissions = (signal?: AbortSignal) =>
  api.get<PermissionInfo[]>('v1/permissions', { fallback: PERMISSIONS_FALLBACK, signal });

/** Sets the role's whole set of permissions; `version` (the one the form opened) turns a stale save into a 409. */
export const syncRolePermissions = (id: number, permissions: string[], version?: number) =>
  api.post<RoleWithPermissions>(`v1/roles/${id}/sync-permission`, { json: { permissions }, fallback: SYNC_PERMISSIONS_FALLBACK, version });

const keys = entityKeys('roles');

/** Query keys and options for roles and the permission catalogue. */
export const roleQueries = {
  ...keys,
  list: (params: ListParams = { limit: LOAD_LIMIT.roles }) =>
    queryOptions({
      queryKey: [...keys.lists(), params] as const,
      queryFn: ({ signal }) => fetchRoles(params, signal),
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: [...keys.details(), id] as const,
      queryFn: ({ signal }) => fetchRole(id, signal),
    }),
  /** The catalogue changes only with a new release. */
  permissions: () =>
    queryOptions({
      queryKey: [...keys.all(), 'permissions'] as const,
      queryFn: ({ signal }) => fetchPermissions(signal),
      staleTime: Infinity,
    }),
};
