import type { SelectProps } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { errorMessage } from '@/shared/api';
import { useOptionsWhileOpen } from '@/shared/lib/use-options-while-open';
import { useWantedOnceSettled } from '@/shared/lib/use-screen-settled';
import { Select } from '@/shared/ui/select';
import { COUNTRIES_FALLBACK } from '../api/country.api';
import { countryQueries } from '../api/country.api';
import { countrySelectData } from '../model/select-data';

const ALL_COUNTRIES = 'all';

interface CountryFilterProps {
  /** The selected country's id; undefined is 'Todos los países'. */
  value: number | undefined;
  onChange(countryId: number | undefined): void;
  w?: SelectProps['w'];
}

/** A list's country filter: 'Todos los países' or one country, with the loading and error states. */
export function CountryFilter({ value, onChange, w }: CountryFilterProps) {
  // The 250 countries are fetched after the list, and drawn only while the dropdown is open.
  const options = useWantedOnceSettled(value !== undefined);
  const countries = useQuery({ ...countryQueries.options(), enabled: options.wanted });
  const data = useMemo(() => [{ value: ALL_COUNTRIES, label: 'Todos los países' }, ...countrySelectData(countries.data)], [countries.data]);
  const selected = value ? String(value) : ALL_COUNTRIES;
  const countrySelect = useOptionsWhileOpen(data, selected, options.want);
  return (
    <Select
      aria-label="Filtrar por país"
      {...countrySelect}
      value={selected}
      onChange={(next) => onChange(next && next !== ALL_COUNTRIES ? Number(next) : undefined)}
      placeholder={countries.isPending ? 'Cargando países...' : 'Todos los países'}
      searchable
      allowDeselect={false}
      nothingFoundMessage="Ningún país coincide"
      error={countries.error ? errorMessage(countries.error, COUNTRIES_FALLBACK) : undefined}
      w={w}
    />
  );
}

/** The chosen country's name for its chip, once this filter has loaded the countries ('…' before). */
export function useCountryFilterLabel(value: number | undefined): string {
  const countries = useQuery({ ...countryQueries.options(), enabled: false });
  return countries.data?.find((country) => country.id === value)?.name ?? '…';
}
