import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bookingQueries, changeBookingStatus, type Booking, type BookingStatus } from '@/entities/booking';
import { staleRecord } from '@/shared/api';

export interface BookingStatusChange {
  status: BookingStatus;
  reason: string;
  /** The booking's version as the person saw it: a change made meanwhile by someone else wins (409). */
  version?: number;
}

/**
 * Sends a booking's new status. Either way every booking query reloads (the row, the counters, the
 * chart and the open detail with its new history row; after a refusal, the status someone else
 * gave it meanwhile); not awaited, so the dialog closes, or shows the refusal, at once.
 */
export function useChangeBookingStatus(bookingId: number) {
  const queryClient = useQueryClient();
  const showBooking = (booking: Booking) =>
    queryClient.setQueryData(bookingQueries.detail(booking.id).queryKey, (old) => (old ? { ...old, ...booking, status_histories: old.status_histories } : old));
  return useMutation({
    mutationFn: ({ status, reason, version }: BookingStatusChange) => changeBookingStatus(bookingId, { status, reason: reason.trim() || null }, version),
    onSuccess: (saved: Booking) => showBooking(saved),
    // Refused because someone else changed it: the dialog shows its status as it is now, with the message.
    onError: (error) => {
      const current = staleRecord<Booking>(error);
      if (current) showBooking(current);
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: bookingQueries.all() }),
  });
}
