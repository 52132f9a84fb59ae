import { BOOKING_STATUSES, type Booking } from '@contract/booking';
import { describe, expect, it } from 'vitest';
import { bookings } from '../../server/db/schema';
import { seedDemoBookings } from '../../server/db/seed/demo-bookings';
import { eventWindow } from '../../server/modules/bookings/rules';
import { onDemoData } from './support/demo-context';

const demo = onDemoData('booking-demo');
const { get } = demo;
const bogotaDay = (at: string | Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date(at));
const DAY = 86_400_000;

describe('the demo bookings', () => {
  it('gives every DSP that takes bookings about 25, over the last 30 days and the next 7, in every status, several today', async () => {
    const takers = (await get('/api/v1/booking-dsps')) as { id: number; name: string; type: string }[];
    expect(takers.map((dsp) => dsp.type).sort()).toEqual(['BOOKING', 'MIXED']);
    const now = Date.now();
    for (const dsp of takers) {
      const page = (await get(`/api/v1/dsps/${dsp.id}/bookings?limit=100&include=service,customer`)).data as Booking[];
      expect(page.length, dsp.name).toBeGreaterThanOrEqual(20);
      expect(new Set(page.map((item) => item.status)), dsp.name).toEqual(new Set(BOOKING_STATUSES));
      const today = bogotaDay(new Date());
      expect(page.filter((item) => bogotaDay(item.scheduled_at) === today).length, dsp.name).toBeGreaterThanOrEqual(3);
      for (const item of page) {
        const at = new Date(item.scheduled_at).getTime();
        expect(at).toBeGreaterThan(now - 31 * DAY);
        expect(at).toBeLessThan(now + 8 * DAY);
        expect(new Date(item.created_at).getTime()).toBeLessThanOrEqual(now);
        expect(item.code_ref).toMatch(/^AG-[2-9A-HJKMNP-Z]{8}$/);
        expect(item.meta.city).toBeTruthy();
        expect(item.meta.latitude).toEqual(expect.any(Number));
        expect(item.consumed_at !== null).toBe(item.status === 'CONSUMED');
        expect(item.cancelled_at !== null).toBe(item.status === 'CANCELLED');
        if (item.status === 'CONFIRMED' || item.status === 'CONSUMED') expect(item.confirmed_at).not.toBeNull();
        if (item.status === 'CONSUMED') expect(new Date(item.consumed_at!).getTime()).toBeLessThanOrEqual(now);
      }
      const summary = await get(`/api/v1/dsps/${dsp.id}/bookings/summary`);
      expect(summary.total).toBe(page.length);
    }
  });

  it('writes each booking’s history, from its creation to where it stands', async () => {
    const [first] = (await get('/api/v1/booking-dsps')) as { id: number }[];
    const page = (await get(`/api/v1/dsps/${first!.id}/bookings?limit=100`)).data as Booking[];
    for (const item of page) {
      const read = (await get(`/api/v1/bookings/${item.id}?include=status_histories`)) as Booking;
      const histories = read.status_histories!;
      expect(histories[0]!.new_status).toBe(item.status);
      expect(histories.at(-1)).toMatchObject({ old_status: null, new_status: 'PENDING' });
      for (let index = 0; index < histories.length - 1; index++) expect(histories[index]!.old_status).toBe(histories[index + 1]!.new_status);
    }
  });

  it('keeps within every service’s event limit', async () => {
    const takers = (await get('/api/v1/booking-dsps')) as { id: number }[];
    for (const dsp of takers) {
      const page = (await get(`/api/v1/dsps/${dsp.id}/bookings?limit=100&include=service`)).data as Booking[];
      const counts = new Map<string, { total: number; limit: number | null }>();
      for (const item of page.filter((candidate) => candidate.status !== 'CANCELLED')) {
        const service = item.service!;
        const key = `${item.entitlement_id}:${service.id}:${eventWindow(service.event_period as never, new Date(item.scheduled_at)).label}`;
        const entry = counts.get(key) ?? { total: 0, limit: service.unlimited_events ? null : service.event_limit };
        entry.total += 1;
        counts.set(key, entry);
      }
      for (const [key, { total, limit }] of counts) if (limit !== null) expect(total, key).toBeLessThanOrEqual(limit);
    }
  });

  it('adds nothing when run again', async () => {
    const before = (await demo.ctx.db.select().from(bookings)).length;
    expect(await seedDemoBookings(demo.ctx.db)).toBe(0);
    expect((await demo.ctx.db.select().from(bookings)).length).toBe(before);
  });
});
