import { SPONSOR_DEFAULT_SORT, SPONSOR_PAGE_SIZE } from '@contract/sponsor.constants';
import type { ListParams } from '@/shared/api';
import { searchEnum, searchNumber, searchSchema, searchText, type SearchOf } from '@/shared/lib';

/** A→Z and Z→A; A→Z is the default and stays out of the URL. */
export const SPONSOR_SORTS = [SPONSOR_DEFAULT_SORT, `-${SPONSOR_DEFAULT_SORT}`] as const;

/** /sponsors?q=acme&country=12&sort=-name&page=2 — a value that does not fit falls back to "not set". */
export const sponsorsSearchSchema = searchSchema({
  q: searchText,
  country: searchNumber,
  sort: searchEnum(SPONSOR_SORTS),
  page: searchNumber,
  view: searchNumber,
});

export type SponsorsSearch = SearchOf<typeof sponsorsSearchSchema>;

/** The sponsors list call for this search: 24 a page, with each sponsor's country. */
export const sponsorsListParams = ({ q, country, sort, page }: SponsorsSearch): ListParams => ({
  filter: { q, country_id: country },
  include: ['country'],
  sort: sort ?? SPONSOR_DEFAULT_SORT,
  limit: SPONSOR_PAGE_SIZE,
  page: page ?? 1,
});
