import { COUNTRY_DEFAULT_SORT, COUNTRY_NOT_FOUND, COUNTRY_SORTS, country, type Country } from '@contract/country';
import { DEFAULT_LIST_LIMIT } from '@contract/list.constants';
import { arrayRows, resourceHandlers, type ListSpec, type MockModule } from '../resource';

/** A few countries, enough for selects. */
export const countryFixtures = [
  { id: 1, name: 'Argentina', code: 'AR', currency: 'ARS', version: 1 },
  { id: 2, name: 'Chile', code: 'CL', currency: 'CLP', version: 1 },
  { id: 3, name: 'Colombia', code: 'CO', currency: 'COP', version: 1 },
  { id: 4, name: 'México', code: 'MX', currency: 'MXN', version: 1 },
  { id: 5, name: 'Perú', code: 'PE', currency: 'PEN', version: 1 },
] satisfies Country[];

/** A country's currency, as the API gives it to that country's campaigns and plans. */
export const currencyOf = (id: number) => countryFixtures.find((candidate) => candidate.id === id)?.currency ?? null;

/** A country as a relation (`include=country`). */
export const countryRef = (id: number) => {
  const found = countryFixtures.find((candidate) => candidate.id === id);
  return found ? { id: found.id, name: found.name } : undefined;
};

const spec: ListSpec<Country> = {
  item: country,
  sorts: COUNTRY_SORTS,
  defaultSort: COUNTRY_DEFAULT_SORT,
  pageSize: DEFAULT_LIST_LIMIT,
  search: (row) => [row.name],
};

// The panel reads countries (a new campaign its country's currency) and asks whether one can be
// deleted; it never deletes one.
export const mock: MockModule = {
  handlers: resourceHandlers({ path: 'v1/countries', spec, rows: arrayRows({ countries: countryFixtures }, 'countries'), notFound: COUNTRY_NOT_FOUND, deletion: {} }),
};
