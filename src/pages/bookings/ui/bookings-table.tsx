import { Button, Group } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import type { TableColumn } from '@contract/preferences.constants';
import { memo, useMemo } from 'react';
import { BookingStatusBadge, formatBookingDate, type Booking } from '@/entities/booking';
import { SelectItem, type Selection } from '@/features/act-on-many';
import { ChangeBookingStatusButton } from '@/features/change-booking-status';
import { CellText, DataTable, type DataTableFeatures } from '@/shared/ui/data-table';
import { IconEye } from '@/shared/ui/icons';
import './bookings.css';

export interface BookingsTableProps {
  bookings: Booking[];
  /** The next page is loading: the rows on screen are the previous ones. */
  stale: boolean;
  /** Ids changed a moment ago, highlighted. */
  recentlyChanged: ReadonlySet<number>;
  onView: (booking: Booking) => void;
  onChangeStatus: (booking: Booking) => void;
  /** The columns chosen, in order ('Acciones' always last). */
  shownColumns?: readonly string[];
  /** The rows ticked for an action on many; each row's checkbox sits with its buttons. */
  selection?: Selection;
}

/** The columns a person may show, hide and reorder, by id (contract's TABLE_COLUMNS). */
export const BOOKINGS_COLUMN_LABELS: Record<TableColumn<'bookings'>, string> = {
  code_ref: 'Cód',
  customer: 'Cliente',
  plan: 'Plan',
  scheduled_at: 'Fecha y Hora',
  status: 'Estado',
};

const helper = createColumnHelper<DataTableFeatures, Booking>();

/**
 * Cód, Cliente, Plan, Fecha y Hora, Estado and Acciones of each booking; cards on a phone. Drawn
 * again only when its own props change: the page around it renders again as the counters arrive
 * and the live stream opens, and a phone would rebuild the whole page of rows each time.
 */
export const BookingsTable = memo(function BookingsTable({ bookings, stale, recentlyChanged, onView, onChangeStatus, shownColumns, selection }: BookingsTableProps) {
  const columns = useMemo(() => bookingColumns(onView, onChangeStatus, selection), [onView, onChangeStatus, selection]);
  return (
    <DataTable
      columns={columns}
      data={bookings}
      getRowId={(booking) => String(booking.id)}
      stale={stale}
      cardTitle="customer"
      cardActions="actions"
      shownColumns={shownColumns}
      rowClassName={(booking) => (recentlyChanged.has(booking.id) ? 'booking-row-changed' : undefined)}
    />
  );
});

/** The columns, their buttons calling back to the page. */
function bookingColumns(onView: (booking: Booking) => void, onChangeStatus: (booking: Booking) => void, selection: Selection | undefined) {
  return helper.columns([
    helper.accessor('code_ref', { header: BOOKINGS_COLUMN_LABELS.code_ref, cell: ({ row }) => <CellText monospace>{row.original.code_ref}</CellText> }),
    helper.display({
      id: 'customer',
      header: BOOKINGS_COLUMN_LABELS.customer,
      cell: ({ row }) => (
        <CellText weight={500} detail={row.original.customer?.phone ?? row.original.meta.phone ?? 'Sin teléfono'}>
          {row.original.customer?.name ?? `Cliente ${row.original.customer_id}`}
        </CellText>
      ),
    }),
    helper.display({
      id: 'plan',
      header: BOOKINGS_COLUMN_LABELS.plan,
      cell: ({ row }) => <CellText detail={`ID ${row.original.plan_id}`}>{row.original.plan?.name ?? 'Plan'}</CellText>,
    }),
    helper.accessor('scheduled_at', {
      header: BOOKINGS_COLUMN_LABELS.scheduled_at,
      cell: ({ row }) => (
        <CellText>
          <time dateTime={row.original.scheduled_at}>{formatBookingDate(row.original.scheduled_at)}</time>
        </CellText>
      ),
    }),
    helper.accessor('status', { header: BOOKINGS_COLUMN_LABELS.status, cell: ({ row }) => <BookingStatusBadge status={row.original.status} /> }),
    helper.display({
      id: 'actions',
      header: 'Acciones',
      cell: ({ row }) => (
        <Group gap="xs" wrap="wrap">
          {selection ? <SelectItem selection={selection} item={{ id: row.original.id, label: row.original.code_ref }} /> : null}
          <Button size="xs" variant="default" leftSection={<IconEye size={14} />} onClick={() => onView(row.original)} aria-label={`Ver detalle de ${row.original.code_ref}`}>
            Ver detalle
          </Button>
          <ChangeBookingStatusButton booking={row.original} onClick={() => onChangeStatus(row.original)} />
        </Group>
      ),
    }),
  ]);
}
