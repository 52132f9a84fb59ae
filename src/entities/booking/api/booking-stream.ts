import type { BookingStreamEvent } from '@contract/booking';
import { BOOKING_STREAM_EVENT } from '@contract/booking.constants';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { streamEvents } from '@/shared/api';
import { bookingQueries } from './booking.api';

/**
 * 'connecting' until the stream first opens; 'live' while open; 'reconnecting' after a drop while
 * it tries again; 'failed' when it was refused (no session, no permission, DSP not visible) or has
 * not come back for a while (it keeps trying slowly and returns to 'live' if it does).
 */
export type BookingStreamState = 'connecting' | 'live' | 'reconnecting' | 'failed';

export interface BookingStream {
  state: BookingStreamState;
  /** Ids of bookings created or changed in the last few seconds, for a subtle highlight. */
  recentlyChanged: ReadonlySet<number>;
  /** Why the stream is 'failed' (the server's message, or that it cannot connect); null otherwise. */
  message: string | null;
}

/** How long a changed booking stays in `recentlyChanged`. */
export const BOOKING_HIGHLIGHT_MS = 4_000;
/** How long the stream may keep failing to reconnect before it reports 'failed'. */
export const BOOKING_STREAM_FAIL_AFTER_MS = 30_000;
/** The resync event: the server may have missed changes, so everything is refetched. */
const RESYNC_EVENT = 'resync';
/** Refusals that retrying will not fix. */
const FINAL_STATUSES = new Set([401, 403, 404]);

export const BOOKING_STREAM_MESSAGES = {
  unreachable: 'No se pudo conectar con las actualizaciones en vivo; seguimos intentando.',
  refused: 'No se pudieron abrir las actualizaciones en vivo',
} as const;

/** 1 s, 2 s, 4 s, 8 s, then every 10 s; every 30 s once the stream is reported 'failed'. */
const retryDelay = (attempt: number, failed: boolean) => (failed ? 30_000 : Math.min(1_000 * 2 ** attempt, 10_000));

const NONE: ReadonlySet<number> = new Set();

/**
 * The booking an event is about, or null for a line that is not one. The server writes the event
 * from the contract's schema, and like any other answer of the API it is read as that type; only
 * the id, the one field used, is checked. Not with zod: that would load zod and every booking
 * schema with the page, on a phone's main thread, before the list could show.
 */
function changedBookingId(data: string): number | null {
  let event: Partial<BookingStreamEvent> | null;
  try {
    event = JSON.parse(data) as Partial<BookingStreamEvent> | null;
  } catch {
    return null;
  }
  const id = event?.id;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * Subscribes to the DSP's live bookings stream while mounted: each change refetches the lists,
 * totals, chart and that booking's detail (a refetch keeps the page, filters and scroll) and
 * highlights its id for a few seconds; after a reconnection or a `resync`, every bookings query
 * is refetched, since changes may have been missed meanwhile.
 */
export function useBookingStream(dspId: number | null): BookingStream {
  const queryClient = useQueryClient();
  const [state, setState] = useState<BookingStreamState>('connecting');
  const [message, setMessage] = useState<string | null>(null);
  const [recentlyChanged, setRecentlyChanged] = useState<ReadonlySet<number>>(NONE);

  useEffect(() => {
    setState('connecting');
    setMessage(null);
    setRecentlyChanged(NONE);
    if (dspId === null) return;

    const controller = new AbortController();
    const fades = new Map<number, ReturnType<typeof setTimeout>>();
    let attempt = 0;
    let failingSince: number | null = null;
    let missedChanges = false;

    const highlight = (id: number) => {
      clearTimeout(fades.get(id));
      setRecentlyChanged((previous) => new Set(previous).add(id));
      fades.set(
        id,
        setTimeout(() => {
          fades.delete(id);
          setRecentlyChanged((previous) => {
            const next = new Set(previous);
            next.delete(id);
            return next.size === 0 ? NONE : next;
          });
        }, BOOKING_HIGHLIGHT_MS),
      );
    };

    const refetchAll = () => void queryClient.invalidateQueries({ queryKey: bookingQueries.all() });

    void streamEvents(`v1/dsps/${dspId}/bookings/stream`, {
      signal: controller.signal,
      fallback: BOOKING_STREAM_MESSAGES.refused,
      onOpen() {
        attempt = 0;
        failingSince = null;
        setState('live');
        setMessage(null);
        if (missedChanges) refetchAll();
        missedChanges = false;
      },
      onEvent(event, data) {
        if (event === RESYNC_EVENT) return refetchAll();
        if (event !== BOOKING_STREAM_EVENT) return;
        const changed = changedBookingId(data);
        if (changed === null) return;
        void queryClient.invalidateQueries({ queryKey: bookingQueries.lists() });
        void queryClient.invalidateQueries({ queryKey: bookingQueries.summaries() });
        void queryClient.invalidateQueries({ queryKey: bookingQueries.stats(dspId).queryKey });
        void queryClient.invalidateQueries({ queryKey: bookingQueries.detail(changed).queryKey });
        highlight(changed);
      },
      onDrop(error) {
        missedChanges = true;
        if (FINAL_STATUSES.has(error.status)) {
          setState('failed');
          setMessage(error.message);
          return null;
        }
        failingSince ??= Date.now();
        const failed = Date.now() - failingSince >= BOOKING_STREAM_FAIL_AFTER_MS;
        setState(failed ? 'failed' : 'reconnecting');
        setMessage(failed ? BOOKING_STREAM_MESSAGES.unreachable : null);
        return retryDelay(attempt++, failed);
      },
    });

    return () => {
      controller.abort();
      for (const timer of fades.values()) clearTimeout(timer);
    };
  }, [dspId, queryClient]);

  return { state, recentlyChanged, message };
}
