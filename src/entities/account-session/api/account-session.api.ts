import type { AccountSession, CloseOthersResult } from '@contract/account';
import { queryOptions } from '@tanstack/react-query';
import { api, entityKeys } from '@/shared/api';

export type { AccountSession, CloseOthersResult };

/** What each call says when the server gives no message. */
export const ACCOUNT_SESSION_FALLBACKS = {
  list: 'No se pudieron cargar tus sesiones',
  close: 'No se pudo cerrar la sesión',
  closeOthers: 'No se pudieron cerrar las demás sesiones',
} as const;

/** The signed-in person's open sessions, most recently used first. */
export const fetchAccountSessions = (signal?: AbortSignal) =>
  api.get<AccountSession[]>('auth/sessions', { fallback: ACCOUNT_SESSION_FALLBACKS.list, signal });

/** Closes one of the person's own sessions; the server answers 404 for one that is gone or not theirs. */
export const closeAccountSession = (id: number) =>
  api.delete<null>(`auth/sessions/${id}`, { fallback: ACCOUNT_SESSION_FALLBACKS.close });

/** Closes every session of the person but the one making the call. */
export const closeOtherAccountSessions = () =>
  api.post<CloseOthersResult>('auth/sessions/close-others', { fallback: ACCOUNT_SESSION_FALLBACKS.closeOthers });

const keys = entityKeys('account-sessions');

/**
 * Query keys and options for the signed-in person's sessions. There is one list and no detail:
 * closing a session or changing the password invalidates `lists()`.
 */
export const accountSessionQueries = {
  ...keys,
  list: () =>
    queryOptions({
      queryKey: keys.lists(),
      queryFn: ({ signal }) => fetchAccountSessions(signal),
    }),
};
