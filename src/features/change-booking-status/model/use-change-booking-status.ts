import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bookingQueries, changeBookingStatus, type Booking, type BookingStatus } from '@/entities/booking';

export interface BookingStatusChange {
  status: BookingStatus;
  reason: string;
}

/**
 * Sends a booking's new status. Either way every booking query reloads (the row, the counters, the
 * chart and the open detail with its new history row; after a refusal, the status someone else
 * gave it meanwhile); not awaited, so the dialog closes, or shows the refusal, at once.
 */
export function useChangeBookingStatus(bookingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ status, reason }: BookingStatusChange) => changeBookingStatus(bookingId, { status, reason: reason.trim() || null }),
    onSuccess: (saved: Booking) => {
      queryClient.setQueryData(bookingQueries.detail(saved.id).queryKey, (old) => (old ? { ...old, ...saved, status_histories: old.status_histories } : old));
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: bookingQueries.all() }),
  });
}
