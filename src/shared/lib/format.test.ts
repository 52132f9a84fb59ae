import { describe, expect, it } from 'vitest';
import { formatMoney, formatTotal } from './format';

/** Spaces as a reader sees them: the no-break one between code and amount is a space. */
const read = (text: string) => text.replace(/\u00a0/g, ' ');

describe('formatMoney', () => {
  it('writes each amount with its ISO 4217 code first, es-CO style, and cents only when there are some', () => {
    expect(read(formatMoney(29900, 'COP'))).toBe('COP 29.900');
    expect(read(formatMoney('2.99', 'USD'))).toBe('USD 2,99');
    expect(read(formatMoney(149, 'MXN'))).toBe('MXN 149');
    expect(read(formatMoney('4990.00', 'CLP'))).toBe('CLP 4.990');
    expect(read(formatMoney(1500000.5, 'COP'))).toBe('COP 1.500.000,50');
    // A total as the API sends it (numeric(16, 2) as text), and an amount whose cents round away.
    expect(read(formatMoney('480208.40', 'COP'))).toBe('COP 480.208,40');
    expect(read(formatMoney(30.999, 'USD'))).toBe('USD 31');
  });

  it('keeps the code next to its amount on one line', () => {
    expect(formatMoney(29900, 'COP')).toBe('COP\u00a029.900');
  });

  it('writes the amount alone for a country without a currency, and the stand-in without a number', () => {
    expect(formatMoney(150000, null)).toBe('150.000');
    expect(formatMoney(null, 'COP')).toBe('—');
    expect(formatMoney('', 'COP')).toBe('—');
    expect(formatMoney('abc', 'COP')).toBe('—');
    expect(formatMoney(undefined, 'COP', 'Sin precio')).toBe('Sin precio');
  });
});

describe('formatTotal', () => {
  it('groups thousands as Spanish does, and says "más de 10.000" for an estimate', () => {
    expect(formatTotal(24)).toBe('24');
    expect(formatTotal(25_000)).toBe('25.000');
    expect(formatTotal(1_250_000, true)).toBe('más de 10.000');
  });
});
