import { describe, expect, it } from 'vitest';
import { formatMonths, formatPlanPrice, planListItems } from './format';

const spaces = (text: string) => text.replace(/\s/g, ' ');

describe('plan formatting', () => {
  it('writes prices with their currency and keeps cents, or says there is none', () => {
    expect(spaces(formatPlanPrice({ price: 1250000, currency: 'COP' }))).toBe('COP 1.250.000');
    expect(spaces(formatPlanPrice({ price: 2.99, currency: 'USD' }))).toBe('USD 2,99');
    expect(formatPlanPrice({ price: null, currency: 'COP' })).toBe('Sin precio');
  });

  it('says months in Spanish', () => {
    expect(formatMonths(1)).toBe('1 mes');
    expect(formatMonths(12)).toBe('12 meses');
  });

  it('reads one item per line, skipping blank lines', () => {
    expect(planListItems('Grúa\r\n\n  Cerrajería  \n')).toEqual(['Grúa', 'Cerrajería']);
    expect(planListItems(null)).toEqual([]);
  });
});
