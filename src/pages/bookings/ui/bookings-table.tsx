import { Button, Group, Stack, Text } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { BookingStatusBadge, formatBookingDate, type Booking } from '@/entities/booking';
import { ChangeBookingStatusButton } from '@/features/booking/change-booking-status';
import { DataTable, type DataTableFeatures } from '@/shared/ui/data-table';
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
}

const helper = createColumnHelper<DataTableFeatures, Booking>();

/** Cód, Cliente, Plan, Fecha y Hora, Estado and Acciones of each booking; cards on a phone. */
export function BookingsTable({ bookings, stale, recentlyChanged, onView, onChangeStatus }: BookingsTableProps) {
  const columns = useMemo(() => bookingColumns(onView, onChangeStatus), [onView, onChangeStatus]);
  return (
    <DataTable
      columns={columns}
      data={bookings}
      getRowId={(booking) => String(booking.id)}
      stale={stale}
      cardTitle="customer"
      cardActions="actions"
      rowClassName={(booking) => (recentlyChanged.has(booking.id) ? 'booking-row-changed' : undefined)}
    />
  );
}

/** The columns, their buttons calling back to the page. */
function bookingColumns(onView: (booking: Booking) => void, onChangeStatus: (booking: Booking) => void) {
  return helper.columns([
    helper.accessor('code_ref', { header: 'Cód', cell: ({ row }) => <Text size="sm" ff="monospace">{row.original.code_ref}</Text> }),
    helper.display({
      id: 'customer',
      header: 'Cliente',
      cell: ({ row }) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {row.original.customer?.name ?? `Cliente ${row.original.customer_id}`}
          </Text>
          <Text size="xs" c="dimmed">
            {row.original.customer?.phone ?? row.original.meta.phone ?? 'Sin teléfono'}
          </Text>
        </Stack>
      ),
    }),
    helper.display({
      id: 'plan',
      header: 'Plan',
      cell: ({ row }) => (
        <Stack gap={0}>
          <Text size="sm">{row.original.plan?.name ?? 'Plan'}</Text>
          <Text size="xs" c="dimmed">{`ID ${row.original.plan_id}`}</Text>
        </Stack>
      ),
    }),
    helper.accessor('scheduled_at', {
      header: 'Fecha y Hora',
      cell: ({ row }) => (
        <Text size="sm" component="time" dateTime={row.original.scheduled_at}>
          {formatBookingDate(row.original.scheduled_at)}
        </Text>
      ),
    }),
    helper.accessor('status', { header: 'Estado', cell: ({ row }) => <BookingStatusBadge status={row.original.status} /> }),
    helper.display({
      id: 'actions',
      header: 'Acciones',
      cell: ({ row }) => (
        <Group gap="xs" wrap="wrap">
          <Button size="xs" variant="default" leftSection={<IconEye size={14} />} onClick={() => onView(row.original)} aria-label={`Ver detalle de ${row.original.code_ref}`}>
            Ver detalle
          </Button>
          <ChangeBookingStatusButton booking={row.original} onClick={() => onChangeStatus(row.original)} />
        </Group>
      ),
    }),
  ]);
}
