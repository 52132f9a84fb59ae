import type { CountryOption } from '../api/country.api';

/** Countries as a Mantine Select's data: the id (as text) and the name. */
export const countrySelectData = (countries: readonly CountryOption[] | undefined) =>
  (countries ?? []).map((country) => ({ value: String(country.id), label: country.name }));
