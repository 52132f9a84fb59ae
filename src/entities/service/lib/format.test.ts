import { describe, expect, it } from 'vitest';
import { formatServiceCoverage, formatServiceEvents } from './format';

const spaces = (text: string) => text.replace(/\s/g, ' ');

describe('service formatting', () => {
  it('says Ilimitados, or the limit with its period', () => {
    expect(formatServiceEvents({ unlimited_events: true, event_limit: null, event_period: null })).toBe('Ilimitados');
    expect(formatServiceEvents({ unlimited_events: false, event_limit: 3, event_period: 'MONTHLY' })).toBe('3 · Mensual');
    expect(formatServiceEvents({ unlimited_events: false, event_limit: 2, event_period: null })).toBe('2 por periodo');
  });

  it('says Ilimitada, or the amount in its currency with its cents', () => {
    expect(formatServiceCoverage({ unlimited_coverage: true, coverage_amount: null, currency: 'COP' })).toBe('Ilimitada');
    expect(spaces(formatServiceCoverage({ unlimited_coverage: false, coverage_amount: 1500000, currency: 'COP' }))).toBe('COP 1.500.000');
    expect(spaces(formatServiceCoverage({ unlimited_coverage: false, coverage_amount: 1500000.5, currency: 'MXN' }))).toBe('MXN 1.500.000,50');
  });
});
