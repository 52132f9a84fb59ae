import { SimpleGrid } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { AUDIT_ACTIONS, AUDIT_RESOURCES, AUDIT_RESOURCE_LABELS, type AuditAction } from '@contract/audit-vocabulary';
import { userQueries } from '@/entities/user';
import { hasPermission, useSessionStore } from '@/shared/auth';
import { useOptionsWhileOpen } from '@/shared/lib/use-options-while-open';
import { IconCalendar } from '@/shared/ui/icons';
import { Select } from '@/shared/ui/select';
import type { AuditSearch } from '../model/search';

/** What each action is called in a filter (the contract's labels are verbs for sentences). */
const ACTION_FILTER_LABELS: Record<AuditAction, string> = {
  create: 'Creación',
  update: 'Cambio',
  delete: 'Eliminación',
  permissions: 'Cambio de permisos',
  'sign-in': 'Inicio de sesión',
  'sign-out': 'Cierre de sesión',
  password: 'Cambio de contraseña',
};

const RESOURCE_OPTIONS = AUDIT_RESOURCES.map((resource) => ({ value: resource, label: AUDIT_RESOURCE_LABELS[resource] }));
const ACTION_OPTIONS = AUDIT_ACTIONS.map((action) => ({ value: action, label: ACTION_FILTER_LABELS[action] }));
const DATE_FORMAT = 'DD/MM/YYYY';

interface AuditFiltersProps {
  search: AuditSearch;
  onChange: (patch: Partial<Omit<AuditSearch, 'page'>>) => void;
}

/** Persona, Registro, Acción, Desde and Hasta; each change lands in the URL. */
export function AuditFilters({ search, onChange }: AuditFiltersProps) {
  // The people come from the users list, which only who manages users may read.
  const canListPeople = useSessionStore((state) => hasPermission(state.user, 'users.manage'));
  const people = useQuery({ ...userQueries.options(), enabled: canListPeople });
  const personOptions = useMemo(() => (people.data ?? []).map((person) => ({ value: String(person.id), label: person.name })), [people.data]);
  const person = search.person ? String(search.person) : null;
  const personSelect = useOptionsWhileOpen(personOptions, person);

  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: canListPeople ? 5 : 4 }} spacing="sm">
      {canListPeople ? (
        <Select
          label="Persona"
          placeholder={search.person && !people.data ? 'Cargando…' : 'Todas las personas'}
          {...personSelect}
          value={person}
          searchable
          clearable
          nothingFoundMessage="Nadie con ese nombre"
          onChange={(value) => onChange({ person: value ? Number(value) : undefined })}
        />
      ) : null}
      <Select
        label="Registro"
        placeholder="Todos los registros"
        data={RESOURCE_OPTIONS}
        value={search.resource ?? null}
        clearable
        onChange={(value) => onChange({ resource: (value as AuditSearch['resource']) ?? undefined })}
      />
      <Select
        label="Acción"
        placeholder="Todas las acciones"
        data={ACTION_OPTIONS}
        value={search.action ?? null}
        clearable
        onChange={(value) => onChange({ action: (value as AuditSearch['action']) ?? undefined })}
      />
      <DatePickerInput
        label="Desde"
        placeholder="Cualquier día"
        valueFormat={DATE_FORMAT}
        value={search.from ?? null}
        maxDate={search.to}
        clearable
        leftSection={<IconCalendar size={16} />}
        // Mantine leaves focus on the body once a day is picked: back to the field instead.
        popoverProps={{ returnFocus: true }}
        onChange={(value) => onChange({ from: value ?? undefined })}
      />
      <DatePickerInput
        label="Hasta"
        placeholder="Cualquier día"
        valueFormat={DATE_FORMAT}
        value={search.to ?? null}
        minDate={search.from}
        clearable
        leftSection={<IconCalendar size={16} />}
        popoverProps={{ returnFocus: true }}
        onChange={(value) => onChange({ to: value ?? undefined })}
      />
    </SimpleGrid>
  );
}
