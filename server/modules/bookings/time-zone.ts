import { BOOKING_DEFAULT_TIME_ZONE, BOOKING_MESSAGES } from '@contract/booking.constants';
import { badRequest } from '../../http/errors';

/**
 * Days as a person reads them in their own time zone, computed here (not by the database), so
 * PGlite and any PostgreSQL server agree whatever time zone data they were built with.
 */

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone; throws a RangeError for a name that is not an IANA zone. */
const formatterOf = (timeZone: string): Intl.DateTimeFormat => {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    // Bounded: only names that are real zones get here, and there are a few hundred of them.
    formatters.set(timeZone, formatter);
  }
  return formatter;
};

/** The `tz` parameter: an IANA zone name (America/Bogota when absent or empty), or a 400. */
export function timeZoneOf(query: Record<string, unknown>): string {
  const raw = query.tz;
  if (raw === undefined || raw === null || raw === '') return BOOKING_DEFAULT_TIME_ZONE;
  // 'UTC+5' or a 200-character string is no zone; Intl accepts offsets like '+05:00', which are
  // not IANA names either, so only Area/Location shapes (and UTC) are let through to it.
  if (typeof raw !== 'string' || raw.length > 64 || !/^(?:UTC|[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+){1,2})$/.test(raw)) throw badRequest(BOOKING_MESSAGES.timeZone);
  try {
    formatterOf(raw);
  } catch {
    throw badRequest(BOOKING_MESSAGES.timeZone);
  }
  return raw;
}

/** The wall clock of `at` in `timeZone`, as UTC milliseconds of the same fields. */
const wallClock = (at: number, timeZone: string): number => {
  const parts = Object.fromEntries(formatterOf(timeZone).formatToParts(new Date(at)).map((part) => [part.type, part.value]));
  const day = new Date(utcDate(Number(parts.year), Number(parts.month) - 1, Number(parts.day)));
  return day.setUTCHours(Number(parts.hour), Number(parts.minute), Number(parts.second));
};

/**
 * A moment as a clock in `timeZone` shows it, for a CSV cell: '2026-03-31 21:05'. Through the zone's
 * one formatter: building an Intl.DateTimeFormat for each cell was most of a large booking
 * export's CPU.
 */
export const clockIn = (at: Date, timeZone: string): string => new Date(wallClock(at.getTime(), timeZone)).toISOString().replace('T', ' ').slice(0, 16);

/** The calendar day of `at` in `timeZone`: 'YYYY-MM-DD'. */
export const dayIn = (at: Date | number, timeZone: string): string => new Date(wallClock(typeof at === 'number' ? at : at.getTime(), timeZone)).toISOString().slice(0, 10);

/** The instant a wall-clock time (given as UTC milliseconds of its fields) happens in `timeZone`. */
export function zonedInstant(wall: number, timeZone: string): Date {
  // The offset at the guess, then again at the result: right across a DST change.
  let instant = wall - (wallClock(wall, timeZone) - wall);
  instant = wall - (wallClock(instant, timeZone) - instant);
  return new Date(instant);
}

/** UTC midnight of a calendar date as milliseconds; unlike Date.UTC, years 0–99 are those years, not 19xx. */
export const utcDate = (year: number, monthIndex: number, day: number): number => new Date(0).setUTCFullYear(year, monthIndex, day);

/** 'YYYY-MM-DD' as UTC milliseconds of its midnight, or null when it is not a real day (2026-02-30). */
export function parseDay(value: string): number | null {
  const match = DAY.exec(value);
  if (!match) return null;
  const ms = utcDate(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return new Date(ms).toISOString().slice(0, 10) === value ? ms : null;
}

const DAY_MS = 86_400_000;

/** The day after (or `days` after) 'YYYY-MM-DD'. */
export const addDays = (day: string, days: number): string => new Date(parseDay(day)! + days * DAY_MS).toISOString().slice(0, 10);

/** Days' starts already found, by zone and day: a zone's rules do not change while the server runs. */
const starts = new Map<string, number>();
/** Bounded: the days asked for cluster around today (counters, charts, filters), in a few zones. */
const STARTS_KEPT = 4096;

/**
 * The start of a day in `timeZone`. Kept once found: each one costs four of the zone formatter's
 * calls, and every /agendamientos counter asks for today's and tomorrow's.
 */
export function dayStart(day: string, timeZone: string): Date {
  const key = `${timeZone} ${day}`;
  let start = starts.get(key);
  if (start === undefined) {
    start = zonedInstant(parseDay(day)!, timeZone).getTime();
    if (starts.size >= STARTS_KEPT) starts.clear();
    starts.set(key, start);
  }
  return new Date(start);
}

/**
 * A day 'YYYY-MM-DD' or an inclusive range 'YYYY-MM-DD,YYYY-MM-DD' as the instants [from, to) it
 * covers in `timeZone`; a 400 with BOOKING_MESSAGES.date for anything else (a range backwards too).
 */
export function dayRange(value: string, timeZone: string): { from: Date; to: Date } {
  const parts = value.split(',').map((part) => part.trim());
  if (parts.length > 2 || parts.some((part) => parseDay(part) === null)) throw badRequest(BOOKING_MESSAGES.date);
  const first = parts[0]!;
  const last = parts[1] ?? first;
  if (last < first) throw badRequest(BOOKING_MESSAGES.date);
  return { from: dayStart(first, timeZone), to: dayStart(addDays(last, 1), timeZone) };
}
