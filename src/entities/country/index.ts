export {
  checkCountryDeletion,
  COUNTRIES_FALLBACK,
  fetchAllCountries,
  fetchCountries,
  fetchCountry,
  countryQueries,
  type Country,
  type CountryOption,
} from './api/country.api';
export { countrySelectData } from './model/select-data';
export { CountryFilter, useCountryFilterLabel } from './ui/country-filter';
