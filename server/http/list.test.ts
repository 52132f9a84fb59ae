import { campaign } from '@contract/campaign';
import { country } from '@contract/country';
import { describe, expect, it } from 'vitest';
import { sparseItem } from './list';

describe('sparseItem', () => {
  it('requires exactly the fields asked for and the relations included', () => {
    const schema = sparseItem(campaign, ['id', 'name'], ['sponsor', 'plans.services']);
    expect(Object.keys(schema.shape).sort()).toEqual(['id', 'name', 'plans', 'sponsor']);
    expect(schema.safeParse({ id: 1, name: 'Hogar' }).success).toBe(true);
    expect(schema.safeParse({ id: 1 }).success).toBe(false);
    expect(schema.safeParse({ id: '1', name: 'Hogar' }).success).toBe(false);
  });

  it('leaves the full item strict: a missing field fails', () => {
    expect(country.safeParse({ id: 1, name: 'Perú', code: 'PE' }).success).toBe(true);
    expect(country.safeParse({ id: 1, name: 'Perú' }).success).toBe(false);
  });
});
