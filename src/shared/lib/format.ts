import { EXACT_TOTAL_LIMIT } from '@contract/list.constants';

// Amounts carry cents only when they have them, and then both digits (a price of 30,99; a
// coverage of 1.500.000,50, never 1.500.000,5).
const whole = new Intl.NumberFormat('es-CO', { maximumFractionDigits: 0 });
const withCents = new Intl.NumberFormat('es-CO', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const amount = (value: number): string => (Number.isInteger(Math.round(value * 100) / 100) ? whole : withCents).format(value);

/**
 * Money as staff read it, in Colombian style: '$ 180.000.000', '$ 30,99'. `empty` stands in when
 * there is no number ('—', or 'Sin precio' on a plan).
 */
export const formatMoney = (value: number | string | null | undefined, empty = '—'): string => {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? `$ ${amount(number)}` : empty;
};

const count = new Intl.NumberFormat('es');

/** A count as staff read it: '24', '7811', '25.000' (Spanish groups from five digits). */
export const formatCount = (value: number): string => count.format(value);

/**
 * A list's total as staff read it: '24', '25.000', or 'más de 10.000' when the server gave an
 * estimate (past that many rows it does not count them all).
 */
export const formatTotal = (total: number, estimated = false): string =>
  estimated ? `más de ${formatCount(EXACT_TOTAL_LIMIT)}` : formatCount(total);
