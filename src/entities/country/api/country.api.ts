import type { Country } from '@contract/country';
import type { DeletionCheck } from '@contract/common';
import { COUNTRY_DEFAULT_SORT } from '@contract/country.constants';
import { queryOptions } from '@tanstack/react-query';
import { api, entityKeys, listSearchParams, type ListParams, type Paginated } from '@/shared/api';
import { LOAD_LIMIT } from '@/shared/config';

export type { Country };

/** What a country select needs: the loader asks only for these fields. */
export type CountryOption = Pick<Country, 'id' | 'name'>;

/** What staff read when loading countries fails without a message of its own. */
export const COUNTRIES_FALLBACK = 'Failed to load countries';

export const fetchCountries = (params: ListParams = {}, signal?: AbortSignal) =>
  api.get<Paginated<Country>>('v1/countries', { searchParams: listSearchParams(params), fallback: COUNTRIES_FALLBACK, signal });

export const fetchCountry = (id: number, signal?: AbortSignal) =>
  api.get<Country>(`v1/countries/${id}`, { fallback: COUNTRIES_FALLBACK, signal });

/** Whether the record can be deleted now and, if not, why (asked when the delete dialog opens). */
export const checkCountryDeletion = (id: number) =>
  api.get<DeletionCheck>(`v1/countries/${id}/deletion`, { fallback: 'No se pudo eliminar el país' });

/**
 * Every country for a select: sorted by name, fields id and name, 300 a page,
 * following the pages while `next_page_url` says there are more, at most 100 pages.
 */
export async function fetchAllCountries(signal?: AbortSignal): Promise<CountryOption[]> {
  const countries: CountryOption[] = [];
  for (let page = 1; page <= LOAD_LIMIT.countryPages; page++) {
    const answer = await api.get<Paginated<CountryOption>>('v1/countries', {
      searchParams: listSearchParams({ sort: COUNTRY_DEFAULT_SORT, fields: ['id', 'name'], limit: LOAD_LIMIT.countries, page }),
      fallback: COUNTRIES_FALLBACK,
      signal,
    });
    countries.push(...answer.data);
    if (!answer.next_page_url || answer.current_page >= answer.last_page) break;
  }
  return countries;
}

const keys = entityKeys('countries');

/** Query keys and options for countries; writes invalidate `all()`. */
export const countryQueries = {
  ...keys,
  list: (params: ListParams = {}) =>
    queryOptions({
      queryKey: [...keys.lists(), params] as const,
      queryFn: ({ signal }) => fetchCountries(params, signal),
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: [...keys.details(), id] as const,
      queryFn: ({ signal }) => fetchCountry(id, signal),
    }),
  /** Every country (id and name) for selects, loaded once per session. */
  options: () =>
    queryOptions({
      queryKey: [...keys.all(), 'options'] as const,
      queryFn: ({ signal }) => fetchAllCountries(signal),
      staleTime: Infinity,
      gcTime: Infinity,
    }),
};
