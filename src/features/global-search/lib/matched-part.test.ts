import { describe, expect, it } from 'vitest';
import { matchedPart } from './matched-part';

describe('matchedPart', () => {
  it('finds what was typed ignoring case and accents, as written in the text', () => {
    expect(matchedPart('Acme Perú', 'peru')).toBe('Perú');
    expect(matchedPart('Ángela Núñez', 'angela n')).toBe('Ángela N');
    expect(matchedPart('MAPFRE Colombia', 'fre col')).toBe('FRE Col');
  });

  it('keeps characters that a decomposed accent would split', () => {
    // 'é' written as 'e' + a combining accent: the match still ends after the accent.
    expect(matchedPart('Cafe\u0301 Central', 'cafe')).toBe('Cafe\u0301');
  });

  it('answers null when the text does not hold the query, or the query is blank', () => {
    expect(matchedPart('Laura Ríos', '1020304050')).toBeNull();
    expect(matchedPart('Laura Ríos', '   ')).toBeNull();
  });
});
