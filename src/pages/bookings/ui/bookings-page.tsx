import { Button, Group, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, useRouter } from '@tanstack/react-router';
import { Suspense, lazy, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { BOOKING_FALLBACKS, bookingQueries, useBookingStream, type Booking, type BookingDsp } from '@/entities/booking';
import { ChangeBookingStatusDialog } from '@/features/change-booking-status';
import { SelectionBar, useListSelection } from '@/features/act-on-many';
import { SavedViewsMenu } from '@/features/saved-views';
import { ColumnsButton, useTableColumns } from '@/features/choose-columns';
import { errorMessage } from '@/shared/api';
import { staffTimeZone } from '@/shared/lib';
import { useDeferredList, usePagedSearch } from '@/shared/lib/paged-search';
import { useOptionsWhileOpen } from '@/shared/lib/use-options-while-open';
import { EmptyState } from '@/shared/ui/empty-state';
import { ErrorAlert } from '@/shared/ui/error-alert';
import { ExportButton } from '@/shared/ui/export-button';
import { IconCalendar } from '@/shared/ui/icons';
import { ListState } from '@/shared/ui/list-state';
import { PageHeader } from '@/shared/ui/page-header';
import { ListFooter } from '@/shared/ui/list-footer';
import { SearchInput } from '@/shared/ui/search-input';
import { Select } from '@/shared/ui/select';
import { ActiveFilters, chipDay, filterChips, searchChip } from '@/shared/ui/active-filters';
import { bookingsBulkTarget } from '../model/bulk';
import { bookingFilters, bookingListParams } from '../model/list-params';
import type { BookingsSearch } from '../model/search';
import { BookingDetailModal } from './booking-detail-modal';
import { BookingsCounters } from './bookings-counters';
import { BOOKINGS_COLUMN_LABELS, BookingsTable } from './bookings-table';
import { LiveStatus } from './live-status';

const route = getRouteApi('/protected/agendamientos');

// recharts is heavy: the chart's chunk loads only when someone opens it.
const BookingsChart = lazy(() => import('./bookings-chart').then((module) => ({ default: module.BookingsChart })));

const TITLE = 'Agendamientos';
const DESCRIPTION = 'Reservaciones de servicios por DSP';
const DATE_FORMAT = 'DD/MM/YYYY';
const chartLoading = <Skeleton h={300} role="status" aria-label="Cargando gráfico" />;

interface DspPickerProps {
  /** Undefined while the DSPs load. */
  dsps: BookingDsp[] | undefined;
  value: number | undefined;
  onChange: (dspId: number) => void;
}

/** 'DSP': the DSPs that take bookings and that this person may see. */
function DspPicker({ dsps, value, onChange }: DspPickerProps) {
  const loading = dsps === undefined;
  const options = useMemo(() => (dsps ?? []).map((dsp) => ({ value: String(dsp.id), label: dsp.name })), [dsps]);
  const selected = value ? String(value) : null;
  const dspSelect = useOptionsWhileOpen(options, selected);
  return (
    <Select
      label="DSP"
      placeholder={loading ? 'Cargando DSPs...' : 'Selecciona una DSP'}
      {...dspSelect}
      value={selected}
      disabled={loading}
      searchable
      allowDeselect={false}
      nothingFoundMessage="Ninguna DSP con ese nombre"
      onChange={(next) => {
        if (next) onChange(Number(next));
      }}
    />
  );
}

/**
 * /agendamientos: a DSP's bookings, searched, filtered by day and paged in the URL, with their
 * counters, CSV, live updates, the detail of one (`booking=`) and the chart per day (`chart=1`).
 * The heading stays the same element from the first paint on, whatever arrives after it.
 */
export function BookingsPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const dsps = useQuery(bookingQueries.dsps());
  const list = dsps.data;
  const chosen = list?.find((dsp) => dsp.id === search.dsp);
  const first = list?.[0];

  // No DSP in the URL (or one this person cannot see): the first one, replacing the entry so Back does not bounce.
  useEffect(() => {
    if (first && !chosen) void navigate({ to: '.', search: (old: BookingsSearch) => ({ ...old, dsp: first.id, page: undefined }), replace: true });
  }, [chosen, first, navigate]);

  const failed = dsps.isError && !list;
  const none = list?.length === 0;
  return (
    <Stack gap="md">
      <PageHeader title={TITLE} description={DESCRIPTION} actions={failed || none ? null : <BookingsActions dspId={chosen?.id} />} />
      {failed ? (
        <ErrorAlert error={dsps.error} message={errorMessage(dsps.error, BOOKING_FALLBACKS.dsps)} onRetry={() => void dsps.refetch()} retrying={dsps.isFetching} />
      ) : none ? (
        <EmptyState title="No hay DSPs con agendamientos" text="No tienes asignada ninguna DSP que reciba agendamientos. Pide a un administrador que te asigne una." />
      ) : (
        <>
          <BookingsFilters dsps={list} dspId={chosen?.id} />
          <DspBookings dspId={chosen?.id} />
        </>
      )}
    </Stack>
  );
}

/** The header's 'Exportar CSV' of the DSP's bookings as filtered, and 'Actualizar' of what the screen shows (both wait for the DSP). */
function BookingsActions({ dspId }: { dspId: number | undefined }) {
  const search = route.useSearch();
  const queryClient = useQueryClient();
  const [refreshing, setRefreshing] = useState(false);
  const refresh = async () => {
    setRefreshing(true);
    try {
      await queryClient.refetchQueries({ queryKey: bookingQueries.all(), type: 'active' });
    } finally {
      setRefreshing(false);
    }
  };
  return (
    <Group gap="xs" align="flex-start">
      <SavedViewsMenu list="bookings" />
      <ExportButton
        list={`v1/dsps/${dspId ?? 0}/bookings`}
        params={bookingListParams(search)}
        extra={{ tz: staffTimeZone() }}
        disabled={dspId === undefined}
        fallback={BOOKING_FALLBACKS.export}
      />
      <Button variant="default" onClick={() => void refresh()} disabled={refreshing || dspId === undefined}>
        {refreshing ? 'Actualizando...' : 'Actualizar'}
      </Button>
    </Group>
  );
}

/**
 * The DSP, the search and the day: one row from the first paint on (the picker says 'Cargando
 * DSPs...' meanwhile), built once rather than again when the DSPs arrive.
 */
function BookingsFilters({ dsps, dspId }: { dsps: BookingDsp[] | undefined; dspId: number | undefined }) {
  const search = route.useSearch();
  const { setFilters, setSearchText } = usePagedSearch(search);
  const chips = filterChips(
    searchChip(search.q),
    search.date && { keys: ['date'], label: `Fecha: ${chipDay(search.date)}` },
  );
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <DspPicker dsps={dsps} value={dspId} onChange={(dsp) => setFilters({ dsp })} />
        <SearchInput
          label="Buscar agendamientos"
          showLabel
          placeholder="Código, cliente, DNI o teléfono..."
          value={search.q}
          onSearch={setSearchText}
        />
        <DatePickerInput
          label="Fecha"
          placeholder="Cualquier día"
          valueFormat={DATE_FORMAT}
          value={search.date ?? null}
          clearable
          leftSection={<IconCalendar size={16} />}
          // Mantine leaves focus on the body once a day is picked: back to the field instead.
          popoverProps={{ returnFocus: true }}
          onChange={(date) => setFilters({ date: date ?? undefined })}
        />
      </SimpleGrid>
      <ActiveFilters filters={chips} onChange={setFilters} />
    </Stack>
  );
}

/**
 * The DSP's counters, live state, chart, bookings and pager. Shown from the first paint, loading
 * until the DSP is known, so nothing on the screen moves or is built twice when the DSPs arrive.
 */
function DspBookings({ dspId }: { dspId: number | undefined }) {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const router = useRouter();
  const filters = bookingFilters(search);
  const known = dspId !== undefined;
  const bookings = useDeferredList(useQuery({ ...bookingQueries.list(dspId ?? 0, bookingListParams(search)), enabled: known }));
  const summary = useQuery({ ...bookingQueries.summary(dspId ?? 0, filters), enabled: known });
  const stream = useBookingStream(dspId ?? null);
  const { setPage } = usePagedSearch(search, bookings);
  const columns = useTableColumns('bookings', search.columns);
  const selection = useListSelection('bookings', bookings.data, (booking) => booking.code_ref, { dspId, ...bookingListParams(search) });
  const [changing, setChanging] = useState<Booking | null>(null);
  // Opened by a click here (a history entry of ours): closing goes Back; opened by a link or reload, it replaces.
  const openedHere = useRef(false);
  // Closed by Back (or a link without it): the next close has no entry of ours to go back over.
  useEffect(() => {
    if (search.booking === undefined) openedHere.current = false;
  }, [search.booking]);

  const openDetail = useCallback(
    (booking: Booking) => {
      openedHere.current = true;
      void navigate({ to: '.', search: (old: BookingsSearch) => ({ ...old, booking: booking.id }) });
    },
    [navigate],
  );
  const closeDetail = () => {
    if (openedHere.current) {
      openedHere.current = false;
      router.history.back();
    } else {
      void navigate({ to: '.', search: (old: BookingsSearch) => ({ ...old, booking: undefined }), replace: true });
    }
  };
  const toggleChart = () => void navigate({ to: '.', search: (old: BookingsSearch) => ({ ...old, chart: old.chart ? undefined : 1 }) });

  const filtered = Boolean(search.q || search.date);

  return (
    <>
      <Group justify="space-between" align="center" gap="sm" wrap="wrap">
        <BookingsCounters summary={summary} />
        <Group gap="sm">
          {stream.state === 'failed' ? null : <LiveStatus state={stream.state} />}
          <Button variant="default" onClick={toggleChart} aria-expanded={Boolean(search.chart)}>
            {search.chart ? 'Ocultar gráfico' : 'Ver gráfico'}
          </Button>
          <ColumnsButton choice={columns} labels={BOOKINGS_COLUMN_LABELS} />
        </Group>
      </Group>
      {stream.state === 'failed' ? <LiveStatus state="failed" message={stream.message} /> : null}
      {search.chart ? <Suspense fallback={chartLoading}>{known ? <BookingsChart dspId={dspId} /> : chartLoading}</Suspense> : null}
      {known ? <SelectionBar selection={selection} target={bookingsBulkTarget(dspId, search)} /> : null}
      <ListState
        list={bookings}
        loading={
          <Stack gap="xs" role="status" aria-busy="true" aria-label="Cargando agendamientos">
            {Array.from({ length: 6 }, (_, index) => (
              <Skeleton key={index} h={44} />
            ))}
          </Stack>
        }
        errorFallback={BOOKING_FALLBACKS.list}
        filtered={filtered}
        empty={{ title: 'No hay agendamientos', text: 'Esta DSP todavía no tiene agendamientos.' }}
        emptyFiltered={{
          title: 'No hay agendamientos',
          // 'Limpiar filtros' is beside the filters' chips, above.
          text: 'Ningún agendamiento coincide con la búsqueda o la fecha elegidas.',
        }}
      >
        {(rows) => (
          <BookingsTable bookings={rows} stale={bookings.isPlaceholderData} recentlyChanged={stream.recentlyChanged} onView={openDetail} onChangeStatus={setChanging} shownColumns={columns.shown} selection={selection} />
        )}
      </ListState>
      <ListFooter list={bookings} onChange={setPage} />
      <BookingDetailModal bookingId={search.booking} onClose={closeDetail} onChangeStatus={setChanging} />
      <ChangeBookingStatusDialog booking={changing} onClose={() => setChanging(null)} />
    </>
  );
}
