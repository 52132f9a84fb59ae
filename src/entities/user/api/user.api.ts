import type { DeletionCheck } from '@contract/common';
import { api, listSearchParams, type ListParams, type Paginated } from '@/shared/api';
import { LOAD_LIMIT } from '@/shared/config';
import type { User, UserPayload } from '../model/types';

/** What staff read when a user call fails without a message of its own. */
export const USER_FALLBACKS = {
  list: 'No se pudieron cargar los usuarios',
  create: 'Error al crear usuario',
  update: 'Error al actualizar usuario',
  delete: 'Error al eliminar usuario',
} as const;

export const fetchUsers = (params: ListParams, signal?: AbortSignal) =>
  api.get<Paginated<User>>('v1/users', { searchParams: listSearchParams(params), fallback: USER_FALLBACKS.list, signal });

/** The users' ids and names, for a filter or a select: those matching `q` (all without it), 300 at most. */
export const fetchUserOptions = async (q: string, signal?: AbortSignal) =>
  (
    await api.get<Paginated<Pick<User, 'id' | 'name'>>>('v1/users', {
      searchParams: listSearchParams({ sort: 'name', fields: ['id', 'name'], limit: LOAD_LIMIT.dropdown, filter: { q } }),
      fallback: USER_FALLBACKS.list,
      signal,
    })
  ).data;

export const fetchUser = (id: number, signal?: AbortSignal) => api.get<User>(`v1/users/${id}`, { fallback: USER_FALLBACKS.list, signal });

export const createUser = (payload: UserPayload) => api.post<User>('v1/users', { json: payload, fallback: USER_FALLBACKS.create });

export const updateUser = (id: number, payload: UserPayload) =>
  api.put<User>(`v1/users/${id}`, { json: payload, fallback: USER_FALLBACKS.update });

export const deleteUser = (id: number) => api.delete<null>(`v1/users/${id}`, { fallback: USER_FALLBACKS.delete });

/** Whether the record can be deleted now and, if not, why (asked when the delete dialog opens). */
export const checkUserDeletion = (id: number) => api.get<DeletionCheck>(`v1/users/${id}/deletion`, { fallback: USER_FALLBACKS.delete });
