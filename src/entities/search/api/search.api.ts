import type { SearchResult, SearchType } from '@contract/search';
import { SEARCH_DEFAULT_LIMIT } from '@contract/search.constants';
import { queryOptions } from '@tanstack/react-query';
import { api, entityKeys } from '@/shared/api';
import { staffTimeZone } from '@/shared/lib';

export type { SearchResult, SearchType };

/** What staff read when the search fails without a message of its own. */
export const SEARCH_FALLBACK = 'No se pudo buscar';

/** The records of every kind matching `q` that the signed-in person may open. */
export const fetchSearchResults = (q: string, limit = SEARCH_DEFAULT_LIMIT, signal?: AbortSignal) =>
  api.get<SearchResult[]>('v1/search', { searchParams: { q, limit, tz: staffTimeZone() }, fallback: SEARCH_FALLBACK, signal });

const keys = entityKeys('search');

/** The global search's queries; records change under it, so nothing invalidates it by hand. */
export const searchQueries = {
  ...keys,
  list: (q: string, limit = SEARCH_DEFAULT_LIMIT) =>
    queryOptions({
      queryKey: [...keys.lists(), { q, limit }] as const,
      queryFn: ({ signal }) => fetchSearchResults(q, limit, signal),
    }),
};
