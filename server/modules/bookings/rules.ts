import { EVENT_PERIOD_LABELS, type EventPeriod } from '@contract/service.constants';
import { randomInt } from 'node:crypto';
import { addDays, dayIn, utcDate, zonedInstant } from './time-zone';

/** Event-limit windows are calendar periods of the business's clock. */
export const EVENT_PERIOD_TIME_ZONE = 'America/Bogota';

/** 'AG-' and 8 of these: no 0/O, 1/I/L, which read alike on a phone or a printed receipt. */
const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const CODE_ATTEMPTS = 5;

export const newBookingCode = (): string => `AG-${Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('')}`;

/**
 * The calendar period (of Bogotá's clock) that contains `at` for a service's event period:
 * [from, to), with how the 422 names it. LIFETIME, or no period, is every booking ever.
 */
export function eventWindow(period: EventPeriod | null, at: Date): { from: Date | null; to: Date | null; label: string } {
  const months = period === 'MONTHLY' ? 1 : period === 'QUARTERLY' ? 3 : period === 'SEMI-ANNUALLY' ? 6 : period === 'YEARLY' ? 12 : null;
  if (months === null || period === null) return { from: null, to: null, label: EVENT_PERIOD_LABELS.LIFETIME };
  const day = dayIn(at, EVENT_PERIOD_TIME_ZONE);
  const year = Number(day.slice(0, 4));
  const first = Math.floor((Number(day.slice(5, 7)) - 1) / months) * months;
  const from = zonedInstant(utcDate(year, first, 1), EVENT_PERIOD_TIME_ZONE);
  const to = zonedInstant(utcDate(year, first + months, 1), EVENT_PERIOD_TIME_ZONE);
  const lastDay = addDays(dayIn(to, EVENT_PERIOD_TIME_ZONE), -1);
  return { from, to, label: `${EVENT_PERIOD_LABELS[period]}: ${dayIn(from, EVENT_PERIOD_TIME_ZONE)} a ${lastDay}` };
}

