import { SimpleGrid, Stack } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { AUDIT_ACTIONS, AUDIT_RESOURCES, AUDIT_RESOURCE_LABELS, type AuditAction } from '@contract/audit-vocabulary';
import { userQueries } from '@/entities/user';
import { hasPermission, useSessionStore } from '@/shared/auth';
import { useOptionsWhileOpen } from '@/shared/lib/use-options-while-open';
import { useSearchedOptions } from '@/shared/lib/use-searched-options';
import { IconCalendar } from '@/shared/ui/icons';
import { ActiveFilters, chipDay, filterChips, optionLabel } from '@/shared/ui/active-filters';
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
  restore: 'Restauración',
  import: 'Importación de clientes',
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
  // Searched on the server as the person types: a large operator has 20,000 staff.
  const people = useSearchedOptions({ search: userQueries.options, one: userQueries.detail, selected: search.person, enabled: canListPeople });
  const person = search.person ? String(search.person) : null;
  const personSelect = useOptionsWhileOpen(people.options, person);
  const chips = filterChips(
    // Who cannot list people has no names to show: the person of a link is its id.
    search.person && { keys: ['person'], label: `Persona: ${canListPeople ? optionLabel(people.options, search.person) : `#${search.person}`}` },
    search.resource && { keys: ['resource'], label: `Registro: ${optionLabel(RESOURCE_OPTIONS, search.resource)}` },
    search.action && { keys: ['action'], label: `Acción: ${optionLabel(ACTION_OPTIONS, search.action)}` },
    search.from && { keys: ['from'], label: `Desde: ${chipDay(search.from)}` },
    search.to && { keys: ['to'], label: `Hasta: ${chipDay(search.to)}` },
    search.batch && { keys: ['batch'], label: 'Acción en lote' },
  );

  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 2, md: canListPeople ? 5 : 4 }} spacing="sm">
        {canListPeople ? (
          <Select
            label="Persona"
            placeholder={search.person && (people.isPending || people.chosenLoading) ? 'Cargando…' : 'Todas las personas'}
            {...personSelect}
            {...people.selectProps}
            value={person}
            searchable
            clearable
            nothingFoundMessage={people.searching ? 'Buscando…' : 'Nadie con ese nombre'}
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
      <ActiveFilters filters={chips} onChange={onChange} />
    </Stack>
  );
}
