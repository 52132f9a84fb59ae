import { describe, expect, it } from 'vitest';
import { formatMoney, formatTotal } from './format';

describe('formatMoney', () => {
  it('writes Colombian pesos with dot thousands, and cents only when there are some', () => {
    expect(formatMoney(150000)).toBe('$ 150.000');
    expect(formatMoney('30000')).toBe('$ 30.000');
    expect(formatMoney(30.99)).toBe('$ 30,99');
    expect(formatMoney(1500000.5)).toBe('$ 1.500.000,50');
    // A total as the API sends it (numeric(16, 2) as text), and an amount whose cents round away.
    expect(formatMoney('480208.40')).toBe('$ 480.208,40');
    expect(formatMoney(30.999)).toBe('$ 31');
  });

  it('shows the stand-in when there is no number', () => {
    expect(formatMoney(null)).toBe('—');
    expect(formatMoney('')).toBe('—');
    expect(formatMoney('abc')).toBe('—');
    expect(formatMoney(undefined, 'Sin precio')).toBe('Sin precio');
  });
});

describe('formatTotal', () => {
  it('groups thousands as Spanish does, and says "más de 10.000" for an estimate', () => {
    expect(formatTotal(24)).toBe('24');
    expect(formatTotal(25_000)).toBe('25.000');
    expect(formatTotal(1_250_000, true)).toBe('más de 10.000');
  });
});
