import type { Country } from '@contract/country';

export type { Country };

/** What a country select needs: the loader asks only for these fields. */
export type CountryOption = Pick<Country, 'id' | 'name'>;
