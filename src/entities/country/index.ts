export { COUNTRIES_FALLBACK, fetchAllCountries, fetchCountries, fetchCountry } from './api/country.api';
export { countryQueries } from './api/country.queries';
export type { Country, CountryOption } from './model/types';
