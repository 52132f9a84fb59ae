import { isFinalBookingStatus } from '@contract/booking.constants';
import type { Confirmation } from '@/shared/ui/confirm-dialog';
import type { Booking, BookingStatus } from '../api/booking.api';
import { formatBookingDate } from './format';

/** What a booking's final-status question needs to name it; the relations when the answer brought them. */
export type BookingToName = Pick<Booking, 'code_ref' | 'customer_id' | 'scheduled_at'> & Partial<Pick<Booking, 'customer' | 'service' | 'plan'>>;

/** 'AG-7K3M9QXD de Carla Gómez (Consulta médica, 5 dic 2026, 10:00)'. */
const describe = (booking: BookingToName) => {
  const customer = booking.customer?.name ?? `el cliente ${booking.customer_id}`;
  const what = booking.service?.name ?? booking.plan?.name;
  const when = formatBookingDate(booking.scheduled_at);
  return `${booking.code_ref} de ${customer} (${what ? `${what}, ${when}` : when})`;
};

/**
 * What staff are asked before giving a booking a final status, naming the booking, its customer,
 * its service and its date; null when the status is not final and goes without asking.
 */
export function bookingFinalStatusQuestion(status: BookingStatus, booking: BookingToName): Confirmation | null {
  if (!isFinalBookingStatus(status)) return null;
  if (status === 'CONSUMED') {
    return {
      title: 'Completar la reservación',
      message: `¿Marcar como completada la reservación ${describe(booking)}? No se podrá deshacer: el servicio queda como prestado.`,
      confirmLabel: 'Sí, completar',
    };
  }
  return {
    title: 'Cancelar la reservación',
    message: `¿Cancelar la reservación ${describe(booking)}? No se podrá deshacer: solo reabrirla como Pendiente.`,
    confirmLabel: 'Sí, cancelar',
  };
}
