import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { RecordNames } from '@/entities/audit';
import { countryQueries } from '@/entities/country';

/** Names for the ids a history records: countries, from the list the selects already load once. */
export function useRecordNames(): RecordNames {
  const countries = useQuery(countryQueries.options());
  return useMemo(() => {
    const byId = new Map((countries.data ?? []).map((country) => [country.id, country.name]));
    return { country_id: (id: number) => byId.get(id) };
  }, [countries.data]);
}
