import { describe, expect, it } from 'vitest';
import { formatCOP } from './format';

// Intl separates the symbol with a no-break space.
const normalise = (text: string) => text.replace(/\s/g, ' ');

describe('formatCOP', () => {
  it('writes whole Colombian pesos with dot thousands', () => {
    expect(normalise(formatCOP(150000))).toBe('$ 150.000');
    expect(normalise(formatCOP('30000'))).toBe('$ 30.000');
  });

  it('shows a dash when there is no number', () => {
    expect(formatCOP(null)).toBe('—');
    expect(formatCOP('')).toBe('—');
    expect(formatCOP('abc')).toBe('—');
  });
});
