import { describe, expect, it } from 'vitest';
import { bookingListParams } from './list-params';
import { bookingsSearchSchema } from './search';

describe('the /agendamientos address', () => {
  it('reads the DSP, search, day, page, open booking and chart of a link', () => {
    expect(bookingsSearchSchema({ dsp: 4, q: ' ana ', date: '2026-11-22', page: 2, booking: 17, chart: 1 })).toEqual({
      dsp: 4,
      q: 'ana',
      date: '2026-11-22',
      page: 2,
      booking: 17,
      chart: 1,
    });
  });

  it('falls back to "not set" for each bad value instead of failing', () => {
    expect(bookingsSearchSchema({ dsp: 'x', q: '', date: '2026-02-30', page: -1, booking: 1.5, chart: 'si', other: 'y' })).toEqual({
      dsp: undefined,
      q: undefined,
      date: undefined,
      page: undefined,
      booking: undefined,
      chart: undefined,
    });
  });

  it('asks for 12 bookings a page, latest scheduled first, with their customer and plan, the day as the scheduled day', () => {
    expect(bookingListParams({ q: 'ana', date: '2026-11-22' })).toEqual({
      filter: { q: 'ana', scheduled_at: '2026-11-22' },
      include: ['customer', 'plan'],
      sort: '-scheduled_at',
      limit: 12,
      page: 1,
    });
  });
});
