import { describe, expect, it } from 'vitest';
import { searchEnum, searchNumber, searchSchema, searchText } from './search-params';

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
});
