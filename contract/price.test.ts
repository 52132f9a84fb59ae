import { describe, expect, it } from 'vitest';
import { PRICE_MESSAGES, normalizePrice, parsePrice } from './price';

describe('normalizePrice', () => {
  it.each([
    ['30.000', '30000'],
    ['30.99', '30.99'],
    ['30,99', '30.99'],
    ['$ 1.250.000', '1250000'],
    ['1.250.000,50', '1250000.5'],
    ['1,250,000.50', '1250000.5'],
    // One separator before exactly three digits groups thousands (a price never has 3 decimals).
    ['1.250', '1250'],
    ['1,250', '1250'],
    ['30.999', '30999'],
    // Otherwise one separator is the decimal one.
    ['1,5', '1.5'],
    ['1.5', '1.5'],
    ['0,99', '0.99'],
    ['1250.5', '1250.5'],
    ['12345,67', '12345.67'],
    ['30', '30'],
    ['0', '0'],
    ['007', '7'],
    ['30.00', '30'],
    ['  $30.000  ', '30000'],
    ['COP 45.900', '45900'],
    ['45.900 cop', '45900'],
    ['US$ 19.99', '19.99'],
    ['S/ 49,90', '49.9'],
    ['R$ 1.299,90', '1299.9'],
    ['1 250 000', '1250000'],
    ['1\u00a0250\u00a0000,50', '1250000.5'],
    ['999.999.999.999,99', '999999999999.99'],
    [30.99, '30.99'],
    [30000, '30000'],
    [0, '0'],
  ] as const)('%j → %s', (input, expected) => {
    expect(normalizePrice(input)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['abc', PRICE_MESSAGES.invalid],
    ['1.2.3,4,5', PRICE_MESSAGES.invalid],
    ['', PRICE_MESSAGES.invalid],
    ['   ', PRICE_MESSAGES.invalid],
    ['--5', PRICE_MESSAGES.invalid],
    ['$', PRICE_MESSAGES.invalid],
    ['.5', PRICE_MESSAGES.invalid],
    ['30.', PRICE_MESSAGES.invalid],
    ['30,,00', PRICE_MESSAGES.invalid],
    ['1.25.000', PRICE_MESSAGES.invalid],
    ['1,250.000,5', PRICE_MESSAGES.invalid],
    ['1.000,000.5', PRICE_MESSAGES.invalid],
    ['30,99.000', PRICE_MESSAGES.invalid],
    ['1e5', PRICE_MESSAGES.invalid],
    ['0x10', PRICE_MESSAGES.invalid],
    ['12abc', PRICE_MESSAGES.invalid],
    ['-5', PRICE_MESSAGES.negative],
    ['- 30.000', PRICE_MESSAGES.negative],
    ['-0,5', PRICE_MESSAGES.negative],
    ['1234.567', PRICE_MESSAGES.decimals],
    ['0.500', PRICE_MESSAGES.decimals],
    ['1.250.000,505', PRICE_MESSAGES.decimals],
    ['1.000.000.000.000', PRICE_MESSAGES.tooLarge],
    ['9999999999999', PRICE_MESSAGES.tooLarge],
    [-1, PRICE_MESSAGES.negative],
    [1.005, PRICE_MESSAGES.decimals],
    [Number.NaN, PRICE_MESSAGES.invalid],
    [Number.POSITIVE_INFINITY, PRICE_MESSAGES.invalid],
    [1e12, PRICE_MESSAGES.tooLarge],
    [null, PRICE_MESSAGES.invalid],
    [true, PRICE_MESSAGES.invalid],
    [{}, PRICE_MESSAGES.invalid],
  ] as const)('refuses %j', (input, message) => {
    expect(normalizePrice(input)).toEqual({ ok: false, message });
  });
});

describe('parsePrice', () => {
  it('gives the number the wizard shows, or null for what is not a price', () => {
    expect(parsePrice('$ 1.250.000')).toBe(1250000);
    expect(parsePrice('1.250.000,50')).toBe(1250000.5);
    expect(parsePrice('30,99')).toBe(30.99);
    expect(parsePrice('abc')).toBeNull();
  });
});
