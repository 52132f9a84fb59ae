import type { BookingStreamEvent } from '@contract/booking';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';

/** The PostgreSQL channel every booking change is announced on, to every API instance. */
export const BOOKING_CHANNEL = 'booking_changes';

/**
 * Announces a booking's change from inside the transaction that makes it. PostgreSQL delivers a
 * NOTIFY only when that transaction commits (and never when it rolls back), so a listener never
 * hears of a change that did not happen, on PGlite as on a server.
 */
export async function notifyBookingChange(tx: Tx, event: BookingStreamEvent): Promise<void> {
  await tx.execute(sql`select pg_notify(${BOOKING_CHANNEL}, ${JSON.stringify(event)})`);
}

/** `notifyBookingChange` for many bookings in one statement (a bulk call's), each its own notification, in order. */
export async function notifyBookingChanges(tx: Tx, events: readonly BookingStreamEvent[]): Promise<void> {
  if (events.length === 0) return;
  const payloads = JSON.stringify(events.map((event) => JSON.stringify(event)));
  await tx.execute(sql`select pg_notify(${BOOKING_CHANNEL}, payload) from jsonb_array_elements_text(${payloads}::jsonb) as sent(payload)`);
}
