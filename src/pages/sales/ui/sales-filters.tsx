import { Group, SegmentedControl, SimpleGrid, Stack } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { dspQueries } from '@/entities/dsp';
import { hasPermission, useSessionStore } from '@/shared/auth';
import { useOptionsWhileOpen } from '@/shared/lib/use-options-while-open';
import { ActiveFilters, chipDay, filterChips, optionLabel, searchChip } from '@/shared/ui/active-filters';
import { IconCalendar } from '@/shared/ui/icons';
import { SearchInput } from '@/shared/ui/search-input';
import { Select } from '@/shared/ui/select';
import { SALE_STATUSES, type SalesSearch } from '../model/search';
import { PAYMENT_METHODS, PAYMENT_METHOD_LABELS, SALE_STATUS_LABELS } from '../model/vocabulary';

const ALL = 'todos';
const STATUS_OPTIONS = [{ value: ALL, label: 'Todos' }, ...SALE_STATUSES.map((status) => ({ value: status, label: SALE_STATUS_LABELS[status] }))];
const METHOD_OPTIONS = PAYMENT_METHODS.map((method) => ({ value: method, label: PAYMENT_METHOD_LABELS[method] }));
const DATE_FORMAT = 'DD/MM/YYYY';
/** Enough for every DSP in one picker; the list's own cap. */
const DSP_PICKER_LIMIT = 300;

interface SalesFiltersProps {
  search: SalesSearch;
  onChange: (patch: Partial<Omit<SalesSearch, 'page'>>) => void;
  /** The search box's text, as typed. */
  onSearchText: (text: string) => void;
}

/** Search, Estado, Método de pago, DSP (for who sees every DSP) and Fechas; each change lands in the URL. */
export function SalesFilters({ search, onChange, onSearchText }: SalesFiltersProps) {
  // Staff without the DSP permission see only their DSPs' sales, and may not list DSPs at all.
  const seesEveryDsp = useSessionStore((state) => hasPermission(state.user, 'dsps.manage'));
  const dsps = useQuery({ ...dspQueries.list({ sort: 'name', fields: ['id', 'name'], limit: DSP_PICKER_LIMIT }), enabled: seesEveryDsp });
  const dspOptions = useMemo(() => (dsps.data?.data ?? []).map((dsp) => ({ value: String(dsp.id), label: dsp.name })), [dsps.data]);
  const dsp = search.dsp ? String(search.dsp) : null;
  const dspSelect = useOptionsWhileOpen(dspOptions, dsp);
  const { from, to } = search;
  const days = from && to ? (from === to ? chipDay(from) : `${chipDay(from)} – ${chipDay(to)}`) : from ? `desde ${chipDay(from)}` : to ? `hasta ${chipDay(to)}` : '';
  const chips = filterChips(
    searchChip(search.q),
    search.status && { keys: ['status'], label: `Estado: ${optionLabel(STATUS_OPTIONS, search.status)}` },
    search.method && { keys: ['method'], label: `Método de pago: ${optionLabel(METHOD_OPTIONS, search.method)}` },
    search.dsp && { keys: ['dsp'], label: `DSP: ${optionLabel(dspOptions, search.dsp)}` },
    days && { keys: ['from', 'to'], label: `Fechas: ${days}` },
  );

  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="md" wrap="wrap">
        <SearchInput
          label="Buscar ventas"
          placeholder="Buscar por cliente o email..."
          value={search.q}
          maw={360}
          onSearch={onSearchText}
        />
        <SegmentedControl
          aria-label="Filtrar por estado"
          data={STATUS_OPTIONS}
          value={search.status ?? ALL}
          onChange={(value) => onChange({ status: SALE_STATUSES.find((known) => known === value) })}
        />
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: seesEveryDsp ? 3 : 2 }} spacing="sm">
        <Select
          label="Método de pago"
          placeholder="Todos los métodos"
          data={METHOD_OPTIONS}
          value={search.method ?? null}
          clearable
          onChange={(value) => onChange({ method: PAYMENT_METHODS.find((known) => known === value) })}
        />
        {seesEveryDsp ? (
          <Select
            label="DSP"
            placeholder={search.dsp && !dsps.data ? 'Cargando…' : 'Todas las DSP'}
            {...dspSelect}
            value={dsp}
            searchable
            clearable
            nothingFoundMessage="Ninguna DSP con ese nombre"
            error={dsps.isError ? 'No se pudieron cargar las DSP' : undefined}
            onChange={(value) => onChange({ dsp: value ? Number(value) : undefined })}
          />
        ) : null}
        <DatePickerInput
          type="range"
          label="Fechas"
          placeholder="Cualquier día"
          valueFormat={DATE_FORMAT}
          value={[search.from ?? null, search.to ?? null]}
          allowSingleDateInRange
          clearable
          leftSection={<IconCalendar size={16} />}
          // Mantine leaves focus on the body once a day is picked: back to the field instead.
          popoverProps={{ returnFocus: true }}
          onChange={([from, to]) => onChange({ from: from ?? undefined, to: to ?? undefined })}
        />
      </SimpleGrid>
      <ActiveFilters filters={chips} onChange={onChange} />
    </Stack>
  );
}
