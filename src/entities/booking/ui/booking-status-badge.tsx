import { BOOKING_STATUS_LABELS } from '@contract/booking.constants';
import { StatusBadge, type BadgeTone } from '@/shared/ui/status-badge';
import type { BookingStatus } from '../api/booking.api';

const BOOKING_STATUS_TONES: Record<BookingStatus, BadgeTone> = {
  PENDING: 'pending',
  CONFIRMED: 'confirmed',
  CANCELLED: 'cancelled',
  CONSUMED: 'done',
};

/** Pendiente, Confirmado, Cancelado or Completado. */
export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  return <StatusBadge tone={BOOKING_STATUS_TONES[status]}>{BOOKING_STATUS_LABELS[status]}</StatusBadge>;
}
