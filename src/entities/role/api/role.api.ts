import { api, listSearchParams, type ListParams, type Paginated } from '@/shared/api';
import type { PermissionInfo, RoleWithPermissions } from '../model/types';

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

/** Sets the role's whole set of permissions. */
export const syncRolePermissions = (id: number, permissions: string[]) =>
  api.post<RoleWithPermissions>(`v1/roles/${id}/sync-permission`, { json: { permissions }, fallback: SYNC_PERMISSIONS_FALLBACK });
