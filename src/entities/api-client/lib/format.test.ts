import { describe, expect, it } from 'vitest';
import { formatRateLimit } from './format';

describe('formatRateLimit', () => {
  it('says the max per period in Spanish, or that there is no limit', () => {
    expect(formatRateLimit({ max_requests: 100, period: 'hour' })).toBe('100 / hora');
    expect(formatRateLimit({ max_requests: 5000, period: 'day' })).toBe('5.000 / día');
    expect(formatRateLimit({ max_requests: 0, period: 'minute' })).toBe('0 / minuto');
    expect(formatRateLimit(null)).toBe('Sin límite');
  });
});
