import { BOOKING_STATUS_LABELS } from '@contract/booking.constants';
import { Badge } from '@mantine/core';
import type { BookingStatus } from '../api/booking.api';

// Dark shades, one hue each: the light ones fail the contrast check on white text.
const BOOKING_STATUS_COLORS: Record<BookingStatus, string> = {
  PENDING: 'yellow.9',
  CONFIRMED: 'blue.8',
  CANCELLED: 'red.8',
  CONSUMED: 'teal.9',
};

/** Pendiente, Confirmado, Cancelado or Completado. */
export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  return (
    <Badge color={BOOKING_STATUS_COLORS[status]} variant="filled" autoContrast radius="sm" style={{ flexShrink: 0, overflow: 'visible' }}>
      {BOOKING_STATUS_LABELS[status]}
    </Badge>
  );
}
