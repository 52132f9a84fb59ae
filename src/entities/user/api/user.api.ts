import type { User } from '@contract/user';
import type { DeletedRecord, DeletionCheck } from '@contract/common';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, entityKeys, listSearchParams, type ListParams, type Paginated, type Deletion } from '@/shared/api';
import { LOAD_LIMIT } from '@/shared/config';

export type { User };

/** What the panel sends to create (with a password) or update (password only when typed) a user. */
export interface UserPayload {
  dni: string;
  name: string;
  email: string;
  phone: string;
  password?: string;
  is_active: boolean;
  /** Role slugs. */
  roles: string[];
  country_id: number | null;
}

/** What staff read when a user call fails without a message of its own. */
export const USER_FALLBACKS = {
  list: 'No se pudieron cargar los usuarios',
  create: 'Error al crear usuario',
  update: 'Error al actualizar usuario',
  delete: 'Error al eliminar usuario',
  resetSecondFactor: 'No se pudo restablecer el segundo factor',
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

/** `version`: the one the form opened; a stale one is refused (409, with the record as it is now). */
export const updateUser = (id: number, payload: UserPayload, version?: number) =>
  api.put<User>(`v1/users/${id}`, { json: payload, fallback: USER_FALLBACKS.update, version });

/** Takes a user's authenticator app away (super admins only): they get the code by mail again. */
export const resetUserSecondFactor = (id: number) =>
  api.post<null>(`v1/users/${id}/second-factor/reset`, { fallback: USER_FALLBACKS.resetSecondFactor });

export const deleteUser = (id: number, version?: number) => api.delete<DeletedRecord>(`v1/users/${id}`, { fallback: USER_FALLBACKS.delete, version });

/** Whether the record can be deleted now and, if not, why (asked when the delete dialog opens). */
export const checkUserDeletion = (id: number) => api.get<DeletionCheck>(`v1/users/${id}/deletion`, { fallback: USER_FALLBACKS.delete });

const keys = entityKeys('users');

/** Query keys and options for staff users; writes invalidate `lists()` (and the user's `detail`). */
export const userQueries = {
  ...keys,
  list: (params: ListParams) =>
    queryOptions({
      queryKey: [...keys.lists(), params] as const,
      queryFn: ({ signal }) => fetchUsers(params, signal),
      // The table keeps the previous page on screen while the next one loads.
      placeholderData: keepPreviousData,
    }),
  /** The users matching `q` (the first 300 by name without it), for selects; part of `lists()`, so writes refresh it. */
  options: (q = '') =>
    queryOptions({
      queryKey: [...keys.lists(), 'options', { q }] as const,
      queryFn: ({ signal }) => fetchUserOptions(q, signal),
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: [...keys.details(), id] as const,
      queryFn: ({ signal }) => fetchUser(id, signal),
    }),
};

/** A person is confirmed by typing their exact name, so the wrong one is hard to delete. */
export const userDeletion: Deletion<User> = {
  title: 'Eliminar usuario',
  describe: (user) => ({
    before: 'Se eliminará a ',
    name: user.name,
    after: ` (${user.email}) y se cerrarán sus sesiones. Se podrá restaurar desde el historial.`,
  }),
  keyword: (user) => user.name,
  deleted: 'Usuario eliminado.',
  remove: deleteUser,
  check: checkUserDeletion,
  queries: userQueries,
};
