import { EXACT_TOTAL_LIMIT } from '@contract/list.constants';

const digitsOf = new Map<string, number>();
/**
 * The decimals a currency uses (2 for USD, 0 for COP and CLP, 3 for BHD), from the browser's ISO
 * 4217 data; asked once per currency (building a format costs more than formatting a table).
 */
const currencyDigits = (currency: string | null | undefined): number => {
  if (!currency) return 2;
  let digits = digitsOf.get(currency);
  if (digits === undefined) {
    try {
      digits = new Intl.NumberFormat('es-CO', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      digits = 2;
    }
    digitsOf.set(currency, digits);
  }
  return digits;
};

const formats = new Map<number, Intl.NumberFormat>();
const numberFormat = (digits: number) => {
  let found = formats.get(digits);
  if (!found) formats.set(digits, (found = new Intl.NumberFormat('es-CO', { minimumFractionDigits: digits, maximumFractionDigits: digits })));
  return found;
};

/**
 * Money as es-CO writes it, the ISO 4217 code first: 'COP 29.900', 'USD 2,99', 'MXN 149'. Decimals
 * only when the amount has them, as many as the currency uses (at least the two a price may
 * carry, so a stored 30,99 is never rounded away). Without a currency, the amount alone; `empty`
 * stands in when there is no number ('—', or 'Sin precio' on a plan).
 */
export const formatMoney = (value: number | string | null | undefined, currency: string | null | undefined, empty = '—'): string => {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number)) return empty;
  const hasCents = Math.round(number * 100) % 100 !== 0;
  const amount = numberFormat(hasCents ? Math.max(currencyDigits(currency), 2) : 0).format(number);
  // A no-break space: the code never ends a line apart from its amount.
  return currency ? `${currency}\u00a0${amount}` : amount;
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

/** The staff member's own time zone: "today", the date filters and the times the server writes are in it. */
export const staffTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'America/Bogota';
