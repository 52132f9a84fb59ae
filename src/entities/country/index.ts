export {
  checkCountryDeletion,
  COUNTRIES_FALLBACK,
  fetchAllCountries,
  fetchCountries,
  fetchCountry,
} from './api/country.api';
export { countryQueries } from './api/country.queries';
export { countrySelectData } from './model/select-data';
export type { Country, CountryOption } from './model/types';
export { CountryFilter } from './ui/country-filter';
