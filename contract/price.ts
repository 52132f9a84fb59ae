// No zod here: the panel's plan wizard and the server's plan body read the same function.

/** numeric(14,2): at most twelve digits before the decimal point. */
export const MAX_PRICE_INTEGER_DIGITS = 12;

export const PRICE_MESSAGES = {
  invalid: 'El precio no es válido: escribe un número como 30.000, 30,99 o $ 1.250.000.',
  negative: 'El precio no puede ser negativo.',
  decimals: 'El precio admite como máximo 2 decimales.',
  tooLarge: 'El precio no puede superar 999.999.999.999,99.',
} as const;

export type PriceParse = { ok: true; value: string } | { ok: false; message: string };

/**
 * Currency marks people type around a price: symbols ($, US$, R$, S/, Bs, €, £, ₡, ₲) and ISO codes
 * of the region, before or after the number, in any case.
 */
const CURRENCY =
  /^(?:US\$|R\$|S\/\.?|Bs\.?|[$€£₡₲]|COP|MXN|USD|ARS|CLP|PEN|BRL|UYU|PYG|BOB|GTQ|CRC|DOP|HNL|NIO|PAB|VES|EUR)|(?:US\$|R\$|S\/\.?|Bs\.?|[$€£₡₲]|COP|MXN|USD|ARS|CLP|PEN|BRL|UYU|PYG|BOB|GTQ|CRC|DOP|HNL|NIO|PAB|VES|EUR)$/i;

/** Spaces of every kind, including the no-break ones locale formatting puts between groups. */
const SPACES = /[\s\u00a0\u202f]+/g;

/** 1 to 3 digits, then groups of exactly 3 after each separator: a valid thousands grouping. */
const isGrouped = (groups: string[]) =>
  groups.length > 1 && /^[1-9]\d{0,2}$/.test(groups[0]!) && groups.slice(1).every((group) => /^\d{3}$/.test(group));

const ok = (integer: string, decimals: string): PriceParse => {
  const whole = integer.replace(/^0+(?=\d)/, '');
  if (whole.length > MAX_PRICE_INTEGER_DIGITS) return { ok: false, message: PRICE_MESSAGES.tooLarge };
  if (decimals.length > 2) return { ok: false, message: PRICE_MESSAGES.decimals };
  const fraction = decimals.replace(/0+$/, '');
  return { ok: true, value: fraction ? `${whole}.${fraction}` : whole };
};

/**
 * Reads a price as people write it and returns it as a dot-decimal string ('1250000.5'), exact
 * (never through a float), or the Spanish reason it is not a price.
 *
 * - Currency marks and spaces are dropped: '$ 1.250.000' → '1250000'.
 * - Both '.' and ',': the last one is the decimal separator, the other groups thousands:
 *   '1.250.000,50' and '1,250,000.50' → '1250000.5'.
 * - One kind repeated: thousands groups ('1.250.000' → '1250000'); groups must have 3 digits.
 * - One separator once: with exactly 3 digits after it and 1–3 non-zero-led digits before, it groups
 *   thousands, as Latin America writes them ('30.000' → '30000', '1.250' and '1,250' → '1250':
 *   a price never has 3 decimals, so this is the only reading that is a price); otherwise it is the
 *   decimal separator ('30.99' and '30,99' → '30.99', '1,5' → '1.5').
 * - At most 2 decimals, at most 12 digits before them, never negative; a JSON number is read
 *   as the number it is.
 * - Anything else ('abc', '1.2.3,4,5', '', '--5', '.5', '30.') is refused.
 */
export function normalizePrice(input: unknown): PriceParse {
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return { ok: false, message: PRICE_MESSAGES.invalid };
    if (input < 0) return { ok: false, message: PRICE_MESSAGES.negative };
    if (input >= 10 ** MAX_PRICE_INTEGER_DIGITS) return { ok: false, message: PRICE_MESSAGES.tooLarge };
    const fixed = input.toFixed(2);
    if (Number(fixed) !== input) return { ok: false, message: PRICE_MESSAGES.decimals };
    const [integer, decimals] = fixed.split('.') as [string, string];
    return ok(integer, decimals);
  }
  if (typeof input !== 'string') return { ok: false, message: PRICE_MESSAGES.invalid };

  let text = input.replace(SPACES, '');
  // A currency mark on either side, possibly one on each ('COP$30.000' is not a thing, but 'US$ 5 USD' reads fine).
  for (let pass = 0; pass < 2; pass++) text = text.replace(CURRENCY, '');
  if (/^-\d/.test(text) || /^-[.,]?\d/.test(text)) {
    return /^-[\d.,]+$/.test(text) ? { ok: false, message: PRICE_MESSAGES.negative } : { ok: false, message: PRICE_MESSAGES.invalid };
  }
  if (!/^\d[\d.,]*$/.test(text) || /[.,]$/.test(text)) return { ok: false, message: PRICE_MESSAGES.invalid };

  const dots = text.split('.').length - 1;
  const commas = text.split(',').length - 1;

  if (dots === 0 && commas === 0) return ok(text, '');

  if (dots > 0 && commas > 0) {
    const decimalMark = text.lastIndexOf('.') > text.lastIndexOf(',') ? '.' : ',';
    const groupMark = decimalMark === '.' ? ',' : '.';
    const cut = text.lastIndexOf(decimalMark);
    const integerPart = text.slice(0, cut);
    const decimals = text.slice(cut + 1);
    // The decimal mark appears once, after every group mark.
    if (integerPart.includes(decimalMark)) return { ok: false, message: PRICE_MESSAGES.invalid };
    if (!isGrouped(integerPart.split(groupMark))) return { ok: false, message: PRICE_MESSAGES.invalid };
    return ok(integerPart.split(groupMark).join(''), decimals);
  }

  const mark = dots > 0 ? '.' : ',';
  const parts = text.split(mark);
  if (parts.length > 2) {
    return isGrouped(parts) ? ok(parts.join(''), '') : { ok: false, message: PRICE_MESSAGES.invalid };
  }
  const [before, after] = parts as [string, string];
  if (after.length === 3 && isGrouped(parts)) return ok(before + after, '');
  return ok(before, after);
}

/** The price as a number for display and forms, or null when it is not a price. */
export function parsePrice(input: unknown): number | null {
  const parsed = normalizePrice(input);
  return parsed.ok ? Number(parsed.value) : null;
}
