import { Button, Group, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { dspStaffAnswer } from '@contract/dsp.constants';
import { dspQueries, type Dsp, type DspStaffMember } from '@/entities/dsp';
import { errorMessage } from '@/shared/api';
import { SEARCH_DEBOUNCE_MS } from '@/shared/config';
import { useSaveMutation } from '@/shared/lib/use-save-mutation';
import { ErrorAlert } from '@/shared/ui/error-alert';
import { MultiSelect } from '@/shared/ui/multi-select';
import { DSP_STAFF_FALLBACKS, assignDspStaff, dspStaffSearch } from '../api/dsp-staff.api';

const optionLabel = (person: DspStaffMember) => `${person.name} · ${person.email}`;

/**
 * The staff picker: the server searches as the person types (400 ms after the last key, 100
 * people at most), people already on the DSP are left out, and 'Asignar' adds the chosen ones.
 */
export function AssignDspStaff({ dsp }: { dsp: Dsp }) {
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  // The chosen people themselves, so their pills keep a name when the next search leaves them out.
  const [chosen, setChosen] = useState<DspStaffMember[]>([]);
  const staff = useQuery(dspStaffSearch(query));

  const assigned = useMemo(() => new Set((dsp.users ?? []).map((person) => person.id)), [dsp.users]);
  const known = useMemo(() => {
    const people = new Map<string, DspStaffMember>();
    for (const person of [...chosen, ...(staff.data?.data ?? [])]) if (!assigned.has(person.id)) people.set(String(person.id), person);
    return people;
  }, [chosen, staff.data, assigned]);
  const options = [...known.values()].map((person) => ({ value: String(person.id), label: optionLabel(person) }));

  const assign = useSaveMutation({
    mutationFn: (people: DspStaffMember[]) => assignDspStaff(dsp.id, people.map((person) => person.id)),
    successMessage: (_staff, people) => dspStaffAnswer('assigned', people.length),
    onSaved: () => {
      setChosen([]);
      setSearch('');
    },
    // The Usuarios tab lists the staff; the detail and the grid name them (the picker leaves them out).
    invalidate: [dspQueries.detail(dsp.id).queryKey, dspQueries.staffLists(dsp.id), dspQueries.lists()],
  });
  const busy = assign.isPending;

  return (
    <Stack gap="sm">
      {assign.error ? <ErrorAlert error={assign.error} message={errorMessage(assign.error, DSP_STAFF_FALLBACKS.assign)} /> : null}
      <Group align="flex-end" gap="sm" wrap="wrap">
        <MultiSelect
          label="Asignar personal"
          placeholder={chosen.length > 0 ? undefined : 'Busca por nombre, e-mail o DNI'}
          data={options}
          value={chosen.map((person) => String(person.id))}
          onChange={(ids) => setChosen(ids.map((id) => known.get(id)).filter((person): person is DspStaffMember => person !== undefined))}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          // The server already searched name, e-mail and DNI: every person it answered is shown.
          filter={({ options: all }) => all}
          hidePickedOptions
          nothingFoundMessage={staff.isFetching ? 'Buscando…' : 'Nadie coincide con la búsqueda'}
          error={staff.error ? errorMessage(staff.error, DSP_STAFF_FALLBACKS.list) : undefined}
          disabled={busy}
          comboboxProps={{ withinPortal: true }}
          style={{ flex: '1 1 16rem' }}
        />
        <Button onClick={() => assign.mutate(chosen)} disabled={busy || chosen.length === 0}>
          {busy ? 'Asignando…' : 'Asignar'}
        </Button>
      </Group>
    </Stack>
  );
}
