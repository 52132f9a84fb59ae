/**
 * PLACEHOLDER — the live-updates helper replaces this file. The agreed interface:
 * `useBookingStream(dspId)` subscribes to the DSP's live stream while mounted, invalidates the
 * booking queries on each event, and reports its state and the ids changed in the last few
 * seconds (for the row highlight).
 */
export type BookingStreamState = 'connecting' | 'live' | 'reconnecting' | 'failed';

export interface BookingStream {
  state: BookingStreamState;
  /** Ids of bookings created or changed in the last few seconds, for a subtle highlight. */
  recentlyChanged: ReadonlySet<number>;
}

const NONE: ReadonlySet<number> = new Set();

export function useBookingStream(_dspId: number | null): BookingStream {
  return { state: 'live', recentlyChanged: NONE };
}
