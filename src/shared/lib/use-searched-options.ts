import type { OptionsFilter } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '@/shared/config';

/** A record a select offers: its id and the name it is shown by. */
export interface NamedRecord {
  id: number;
  name: string;
}

interface SearchedOptionsConfig<T extends NamedRecord, One extends T, SearchKey extends QueryKey, OneKey extends QueryKey> {
  /** The records matching `q` ('' for the first page of all of them), as one answer holds them. */
  search: (q: string) => UseQueryOptions<T[], Error, T[], SearchKey>;
  /** One record by id (its detail will do): the chosen one when no answer holds it (a link's ?sponsor=745). */
  one: (id: number) => UseQueryOptions<One, Error, One, OneKey>;
  /** The chosen record's id (null or undefined: none). */
  selected: number | null | undefined;
  /** The record's label in the field (its name unless told otherwise). */
  label?: (record: T) => string;
  /** Labels the field shows that are not a search: a filter's 'Todos los sponsors'. */
  fixedLabels?: readonly string[];
  enabled?: boolean;
}

const nameOf = (record: NamedRecord) => record.name;

/**
 * The options of a select over more records than one answer holds (a large operator's 1,000
 * sponsors, 10,000 campaigns, 20,000 staff): the first page by name and, as the person types, the
 * server's search (SEARCH_DEBOUNCE_MS after the last key), so that every record can be found, not
 * only the first 300. Mantine writes the chosen option's label into the field, and that text is
 * not a search, nor is any offered option's label. The chosen record stays offered when the answer
 * on screen does not hold it. Spread `selectProps` into a searchable Select: the server has matched
 * the text already (ignoring case and accents, and in more than the label), so what it answered is
 * what is offered.
 */
export function useSearchedOptions<T extends NamedRecord, One extends T, SearchKey extends QueryKey, OneKey extends QueryKey>({
  search,
  one,
  selected,
  label = nameOf,
  fixedLabels = [],
  enabled = true,
}: SearchedOptionsConfig<T, One, SearchKey, OneKey>) {
  const [text, setText] = useState('');
  const [term, setTerm] = useState('');
  const [debounced] = useDebouncedValue(term, SEARCH_DEBOUNCE_MS);
  // Clearing the search goes back to the first page at once; a new search waits for the last key.
  const asked = term === '' ? '' : debounced;
  const found = useQuery({ ...search(asked), enabled, placeholderData: keepPreviousData });

  const listed = found.data;
  const chosenId = selected ?? null;
  const chosenListed = chosenId === null ? undefined : listed?.find((record) => record.id === chosenId);
  const chosen = useQuery({ ...one(chosenId ?? 0), enabled: enabled && chosenId !== null && listed !== undefined && !chosenListed });
  const chosenRecord: T | undefined = chosenListed ?? (chosenId === null ? undefined : chosen.data);

  /** What to offer, as a Select takes it: the search's answer, and the chosen record. */
  const options = useMemo(() => {
    const records = listed ?? [];
    const offered = chosenRecord && !records.some((record) => record.id === chosenRecord.id) ? [...records, chosenRecord] : records;
    return offered.map((record) => ({ value: String(record.id), label: label(record) }));
  }, [listed, chosenRecord, label]);

  const onSearchChange = (next: string) => {
    setText(next);
    const trimmed = next.trim();
    // Choosing an option writes its label (the choice is not in the address yet): not a search either.
    const isLabel = fixedLabels.includes(trimmed) || options.some((option) => option.label.trim() === trimmed);
    setTerm(isLabel ? '' : trimmed);
  };

  return {
    options,
    /** The first answer has not arrived. */
    isPending: found.isPending,
    /** The chosen record is being read, no answer holding it (an unknown id reads nothing and stops). */
    chosenLoading: chosen.isLoading,
    error: found.error,
    /** A search is waiting for its last key or its answer. */
    searching: found.isFetching || asked !== term,
    selectProps: {
      searchValue: text,
      onSearchChange,
      filter: (({ options }) => options) satisfies OptionsFilter,
    },
  };
}
