import { describe, expect, it, vi } from 'vitest';
import { eventWindow } from './rules';
import { clockIn, dayIn, dayRange, dayStart, timeZoneOf } from './time-zone';

describe('days in a time zone', () => {
  it('starts a day at its local midnight, across a change of daylight saving time', () => {
    // New York moves its clocks forward on 14 March 2027: that day is 23 hours long.
    expect(dayRange('2027-03-14', 'America/New_York')).toEqual({ from: new Date('2027-03-14T05:00:00Z'), to: new Date('2027-03-15T04:00:00Z') });
    expect(dayRange('2027-11-06,2027-11-07', 'America/New_York')).toEqual({ from: new Date('2027-11-06T04:00:00Z'), to: new Date('2027-11-08T05:00:00Z') });
    expect(dayRange('2027-03-10', 'Asia/Kolkata')).toEqual({ from: new Date('2027-03-09T18:30:00Z'), to: new Date('2027-03-10T18:30:00Z') });
  });

  it('keeps a day’s start once found, and answers a Date of its own each time', () => {
    const first = dayStart('2027-11-07', 'America/New_York');
    const formatted = vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts');
    const again = dayStart('2027-11-07', 'America/New_York');
    expect(formatted).not.toHaveBeenCalled();
    formatted.mockRestore();
    expect(again).toEqual(new Date('2027-11-07T04:00:00Z'));
    // A caller that moves its Date does not move the one kept.
    again.setUTCHours(12);
    expect(dayStart('2027-11-07', 'America/New_York')).toEqual(first);
    expect(dayStart('2027-11-07', 'Europe/Madrid')).toEqual(new Date('2027-11-06T23:00:00Z'));
  });

  it('reads the calendar day of an instant where it is', () => {
    expect(dayIn(new Date('2027-03-10T04:30:00Z'), 'America/Bogota')).toBe('2027-03-09');
    expect(dayIn(new Date('2027-03-10T04:30:00Z'), 'Europe/Madrid')).toBe('2027-03-10');
  });

  it('writes an instant as the zone’s clock shows it, with one formatter per zone however many cells', () => {
    const Real = Intl.DateTimeFormat;
    const built = vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (...args: ConstructorParameters<typeof Real>) {
      return new Real(...args);
    } as never);
    // An export writes two cells per row: a zone's formatter is built once, not per cell.
    for (let minute = 0; minute < 500; minute++) clockIn(new Date(Date.UTC(2027, 2, 14, 6, minute)), 'America/Chicago');
    expect(built.mock.calls.length).toBeLessThanOrEqual(1);
    built.mockRestore();
    expect(clockIn(new Date('2027-03-14T07:59:00Z'), 'America/Chicago')).toBe('2027-03-14 01:59');
    // Chicago moves its clocks forward at 02:00 that night: a minute later it is 03:00.
    expect(clockIn(new Date('2027-03-14T08:00:00Z'), 'America/Chicago')).toBe('2027-03-14 03:00');
    expect(clockIn(new Date('2027-03-10T04:30:00Z'), 'America/Bogota')).toBe('2027-03-09 23:30');
  });

  it('takes America/Bogota when tz is absent or empty, an IANA name otherwise', () => {
    expect(timeZoneOf({})).toBe('America/Bogota');
    expect(timeZoneOf({ tz: '' })).toBe('America/Bogota');
    expect(timeZoneOf({ tz: 'America/Argentina/Buenos_Aires' })).toBe('America/Argentina/Buenos_Aires');
    for (const tz of ['Mars/Olympus', '+05:00', 'UTC+5', ['America/Lima', 'UTC'], 'America/../etc']) expect(() => timeZoneOf({ tz })).toThrow('tz debe ser una zona horaria IANA');
  });
});

describe('the event limit’s windows (Bogotá calendar periods)', () => {
  it('are the month, quarter, half-year or year containing the time; ever for LIFETIME or none', () => {
    const at = new Date('2027-08-01T03:00:00Z'); // 31 July, 22:00 in Bogotá
    expect(eventWindow('MONTHLY', at)).toEqual({ from: new Date('2027-07-01T05:00:00Z'), to: new Date('2027-08-01T05:00:00Z'), label: 'Mensual: 2027-07-01 a 2027-07-31' });
    expect(eventWindow('QUARTERLY', at).label).toBe('Trimestral: 2027-07-01 a 2027-09-30');
    expect(eventWindow('SEMI-ANNUALLY', at).label).toBe('Semestral: 2027-07-01 a 2027-12-31');
    expect(eventWindow('YEARLY', at).label).toBe('Anual: 2027-01-01 a 2027-12-31');
    expect(eventWindow('MONTHLY', new Date('2027-12-15T12:00:00Z')).to).toEqual(new Date('2028-01-01T05:00:00Z'));
    expect(eventWindow('LIFETIME', at)).toEqual({ from: null, to: null, label: 'De por vida' });
    expect(eventWindow(null, at)).toEqual({ from: null, to: null, label: 'De por vida' });
    // Years below 100 are those years (Date.UTC would read 0050 as 1950).
    expect(eventWindow('YEARLY', new Date('0050-06-01T12:00:00Z')).label).toBe('Anual: 0050-01-01 a 0050-12-31');
  });
});
