// PLACEHOLDER — the panel helper fills this in: the bookings the component tests' mock server answers.
import type { RequestHandler } from 'msw';

export const bookingsDb = {
  reset() {},
};

export const bookingHandlers: RequestHandler[] = [];
