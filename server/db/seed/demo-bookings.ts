import type { BookingStatus } from '../../../contract/booking.constants';
import { and, asc, eq } from 'drizzle-orm';
import { eventWindow, newBookingCode } from '../../modules/bookings/rules';
import { addDays, dayIn, dayStart } from '../../modules/bookings/time-zone';
import { anyOf } from '../any-of';
import type { Db, Tx } from '../client';
import { bookingStatusHistories, bookings, customers, dsps, entitlements, services, users } from '../schema';

/** Where the demo customers live (the cities of demo-customers' people), with their coordinates. */
const PLACES: Record<string, { country: string; latitude: number; longitude: number }> = {
  Bogotá: { country: 'Colombia', latitude: 4.711, longitude: -74.0721 },
  Medellín: { country: 'Colombia', latitude: 6.2442, longitude: -75.5812 },
  Cali: { country: 'Colombia', latitude: 3.4516, longitude: -76.532 },
  Barranquilla: { country: 'Colombia', latitude: 10.9685, longitude: -74.7813 },
  Bucaramanga: { country: 'Colombia', latitude: 7.1193, longitude: -73.1227 },
  Cartagena: { country: 'Colombia', latitude: 10.391, longitude: -75.4794 },
  Pereira: { country: 'Colombia', latitude: 4.8133, longitude: -75.6961 },
  'Ciudad de México': { country: 'México', latitude: 19.4326, longitude: -99.1332 },
  Guadalajara: { country: 'México', latitude: 20.6597, longitude: -103.3496 },
  Monterrey: { country: 'México', latitude: 25.6866, longitude: -100.3161 },
  Lima: { country: 'Perú', latitude: -12.1211, longitude: -77.0297 },
  Arequipa: { country: 'Perú', latitude: -16.409, longitude: -71.5375 },
  Trujillo: { country: 'Perú', latitude: -8.1091, longitude: -79.0215 },
  Santiago: { country: 'Chile', latitude: -33.4263, longitude: -70.6109 },
  Quito: { country: 'Ecuador', latitude: -0.1807, longitude: -78.4678 },
};

const NOTES = [
  'El cliente pide que llamen 30 minutos antes de llegar.',
  'Portería: preguntar por el administrador del edificio.',
  'Fuga en el lavaplatos de la cocina; el cliente cerró el registro.',
  'Prefiere atención en la mañana.',
  'Mascota en casa: perro grande, tranquilo.',
  'Confirmar por WhatsApp el día anterior.',
  null,
  'Apartamento 502, torre 2. Parqueadero de visitantes disponible.',
  null,
  'Revisión preventiva acordada con el cliente por teléfono.',
];

const CANCEL_REASONS = ['El cliente canceló por viaje.', 'El cliente resolvió el problema por su cuenta.', 'No se pudo contactar al cliente.'];

/**
 * The bookings of one demo DSP: the day relative to today (Bogotá), the hour and the status each
 * ends in. Several today; every status; past ones mostly delivered, future ones still open.
 */
const PLAN: [day: number, hour: number, status: BookingStatus][] = [
  [-29, 9, 'CONSUMED'],
  [-27, 15, 'CONSUMED'],
  [-25, 11, 'CANCELLED'],
  [-22, 8, 'CONSUMED'],
  [-20, 16, 'CONSUMED'],
  [-18, 10, 'CANCELLED'],
  [-15, 14, 'CONSUMED'],
  [-13, 9, 'CONSUMED'],
  [-11, 17, 'CANCELLED'],
  [-9, 10, 'CONSUMED'],
  [-7, 13, 'CONSUMED'],
  [-5, 8, 'CANCELLED'],
  [-4, 15, 'CONSUMED'],
  [-2, 11, 'CONSUMED'],
  [-1, 16, 'CONFIRMED'],
  [0, 8, 'CONSUMED'],
  [0, 10, 'CONFIRMED'],
  [0, 14, 'PENDING'],
  [0, 17, 'CONFIRMED'],
  [1, 9, 'PENDING'],
  [2, 11, 'CONFIRMED'],
  [3, 15, 'PENDING'],
  [4, 10, 'CANCELLED'],
  [5, 16, 'PENDING'],
  [7, 9, 'CONFIRMED'],
];

const HOUR = 3_600_000;
const ZONE = 'America/Bogota';
const minDate = (a: Date, b: Date) => (a.getTime() < b.getTime() ? a : b);

/**
 * About 25 bookings for each demo DSP of type BOOKING or MIXED that has none yet (so running it
 * again adds nothing), over the last 30 days and the next 7, made against its customers' ACTIVE
 * subscriptions and their plans' services, within each service's event limit (a cancelled booking
 * holds no slot), every status with its stamps and its history. Inside the demo's transaction.
 */
export async function seedDemoBookings(tx: Db | Tx, today = new Date()): Promise<number> {
  const takers = await tx
    .select({ id: dsps.id })
    .from(dsps)
    .where(anyOf(dsps.type, ['BOOKING', 'MIXED']))
    .orderBy(asc(dsps.id));
  if (takers.length === 0) return 0;
  const booked = new Set((await tx.selectDistinct({ dspId: bookings.dspId }).from(bookings)).map((row) => row.dspId));
  const [staff] = await tx.select({ id: users.id }).from(users).where(eq(users.isActive, true)).orderBy(asc(users.id)).limit(1);
  const changedBy = staff?.id ?? null;
  const todayInBogota = dayIn(today, ZONE);
  let created = 0;

  for (const dsp of takers.filter((taker) => !booked.has(taker.id))) {
    const held = await tx
      .select({ entitlementId: entitlements.id, planId: entitlements.planId, customerId: customers.id, meta: customers.meta, phone: customers.phone })
      .from(entitlements)
      .innerJoin(customers, eq(customers.id, entitlements.customerId))
      .where(and(eq(entitlements.dspId, dsp.id), eq(entitlements.status, 'ACTIVE')))
      .orderBy(asc(entitlements.id));
    if (held.length === 0) continue;
    const offered = await tx
      .select()
      .from(services)
      .where(and(anyOf(services.planId, [...new Set(held.map((row) => row.planId))]), eq(services.isActive, true)))
      .orderBy(asc(services.id));
    // Slots taken per subscription, service and period window.
    const taken = new Map<string, number>();

    for (const [index, [day, hour, status]] of PLAN.entries()) {
      const holder = held[index % held.length]!;
      const choices = offered.filter((service) => service.planId === holder.planId);
      if (choices.length === 0) continue;
      const scheduledAt = new Date(dayStart(addDays(todayInBogota, day), ZONE).getTime() + hour * HOUR);
      // Today's early visit is delivered only once its time has passed (the seed may run at dawn).
      const planned: BookingStatus = status === 'CONSUMED' && scheduledAt.getTime() + HOUR > today.getTime() ? 'CONFIRMED' : status;
      const slotKey = (service: (typeof offered)[number]) => `${holder.entitlementId}:${service.id}:${eventWindow(service.eventPeriod, scheduledAt).label}`;
      const fits = (service: (typeof offered)[number]) => service.unlimitedEvents || service.eventLimit === null || (taken.get(slotKey(service)) ?? 0) < service.eventLimit;
      const rotated = [...choices.slice(index % choices.length), ...choices.slice(0, index % choices.length)];
      // A cancelled booking takes no slot; any other needs a service with room left, or it is not made.
      const service = planned === 'CANCELLED' ? rotated[0]! : rotated.find(fits);
      if (!service) continue;
      if (planned !== 'CANCELLED') taken.set(slotKey(service), (taken.get(slotKey(service)) ?? 0) + 1);

      // Booked a few days ahead (never in the future); confirmed a day later; delivered an hour after the time.
      const createdAt = minDate(new Date(scheduledAt.getTime() - (2 + (index % 4)) * 24 * HOUR), new Date(today.getTime() - HOUR));
      const confirmedAt = minDate(new Date(createdAt.getTime() + 20 * HOUR), new Date(today.getTime() - HOUR / 2));
      const consumedAt = new Date(scheduledAt.getTime() + HOUR);
      const cancelledAt = minDate(new Date(createdAt.getTime() + 30 * HOUR), today);
      const wasConfirmed = planned === 'CONFIRMED' || planned === 'CONSUMED' || (planned === 'CANCELLED' && index % 2 === 0);
      const customerMeta = (holder.meta ?? {}) as { city?: string | null; address?: string | null };
      const place = PLACES[customerMeta.city ?? ''];
      const [row] = await tx
        .insert(bookings)
        .values({
          codeRef: newBookingCode(),
          status: planned,
          scheduledAt,
          confirmedAt: wasConfirmed ? confirmedAt : null,
          cancelledAt: planned === 'CANCELLED' ? cancelledAt : null,
          consumedAt: planned === 'CONSUMED' ? consumedAt : null,
          dspId: dsp.id,
          customerId: holder.customerId,
          entitlementId: holder.entitlementId,
          planServiceId: service.id,
          planId: holder.planId,
          notes: NOTES[index % NOTES.length] ?? null,
          meta: {
            country: place?.country ?? null,
            city: customerMeta.city ?? null,
            phone: holder.phone,
            address: customerMeta.address ?? null,
            latitude: place?.latitude ?? null,
            longitude: place?.longitude ?? null,
          },
          createdAt,
          updatedAt: planned === 'CONSUMED' ? consumedAt : planned === 'CANCELLED' ? cancelledAt : wasConfirmed ? confirmedAt : createdAt,
        })
        .returning({ id: bookings.id });
      const history: (typeof bookingStatusHistories.$inferInsert)[] = [{ bookingId: row!.id, oldStatus: null, newStatus: 'PENDING', changedBy, createdAt }];
      if (wasConfirmed) history.push({ bookingId: row!.id, oldStatus: 'PENDING', newStatus: 'CONFIRMED', changedBy, createdAt: confirmedAt });
      if (planned === 'CONSUMED') history.push({ bookingId: row!.id, oldStatus: 'CONFIRMED', newStatus: 'CONSUMED', reason: 'Servicio prestado.', changedBy, createdAt: consumedAt });
      if (planned === 'CANCELLED') {
        history.push({ bookingId: row!.id, oldStatus: wasConfirmed ? 'CONFIRMED' : 'PENDING', newStatus: 'CANCELLED', reason: CANCEL_REASONS[index % CANCEL_REASONS.length]!, changedBy, createdAt: cancelledAt });
      }
      await tx.insert(bookingStatusHistories).values(history);
      created++;
    }
  }
  return created;
}
