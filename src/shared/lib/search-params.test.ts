import { describe, expect, it } from 'vitest';
import { searchDate, searchEnum, searchNumber, searchSchema, searchText } from './search-params';

const parse = searchSchema({ q: searchText, page: searchNumber, status: searchEnum(['active', 'inactive']) });

describe('route search parsers', () => {
  it('keeps good values', () => {
    expect(parse({ q: ' ana ', page: 2, status: 'inactive' })).toEqual({ q: 'ana', page: 2, status: 'inactive' });
  });

  it('turns bad or empty values into "not set" instead of failing', () => {
    expect(parse({ q: '   ', page: -3, status: 'borrado' })).toEqual({ q: undefined, page: undefined, status: undefined });
    expect(parse({ q: { x: 1 }, page: 'dos', status: 7 })).toEqual({ q: undefined, page: undefined, status: undefined });
    expect(parse({ page: 1.5 })).toEqual({ q: undefined, page: undefined, status: undefined });
  });

  it('accepts what the router hands over for numeric-looking text and page strings', () => {
    expect(parse({ q: 123, page: '4' })).toMatchObject({ q: '123', page: 4 });
  });

  it('drops parameters the route does not know', () => {
    expect(parse({ q: 'x', intruso: 'y' })).not.toHaveProperty('intruso');
  });

  it('keeps a real calendar day and drops anything else', () => {
    expect(searchDate('2026-03-01')).toBe('2026-03-01');
    expect(searchDate('2024-02-29')).toBe('2024-02-29');
    for (const bad of ['2026-02-30', '2026-13-01', '01/03/2026', '2026-3-1', 20260301, '']) expect(searchDate(bad)).toBeUndefined();
  });
});
