import type { Preferences, PreferencesBody } from '@contract/preferences';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api';

export type { Preferences, PreferencesBody };

/** What each call says when the server gives no message. */
export const PREFERENCES_FALLBACKS = {
  load: 'No se pudieron cargar tus preferencias',
  save: 'No se pudieron guardar tus preferencias',
} as const;

export const fetchPreferences = (signal?: AbortSignal) => api.get<Preferences>('auth/me/preferences', { fallback: PREFERENCES_FALLBACKS.load, signal });

/** Saves any part of the person's preferences; the server keeps the rest and answers the whole. */
export const savePreferences = (body: PreferencesBody) => api.put<Preferences>('auth/me/preferences', { json: body, fallback: PREFERENCES_FALLBACKS.save });

const key = ['preferences', 'mine'] as const;

/** The signed-in person's preferences: one record, read once per session and kept in step by each save. */
export const preferencesQueries = {
  all: () => ['preferences'] as const,
  mine: () =>
    queryOptions({
      queryKey: key,
      queryFn: ({ signal }) => fetchPreferences(signal),
      staleTime: Infinity,
    }),
};

/**
 * Saves a change and shows it at once: the cache holds the change while the call is on its way and
 * the server's answer after it. A refusal puts back what was there and rethrows.
 */
export async function changePreferences(queryClient: QueryClient, body: PreferencesBody): Promise<Preferences> {
  const previous = queryClient.getQueryData<Preferences>(key);
  if (previous) {
    queryClient.setQueryData<Preferences>(key, {
      color_scheme: body.color_scheme ?? previous.color_scheme,
      columns: { ...previous.columns, ...body.columns },
    });
  }
  try {
    const saved = await savePreferences(body);
    queryClient.setQueryData(key, saved);
    return saved;
  } catch (error) {
    if (previous) queryClient.setQueryData(key, previous);
    throw error;
  }
}
