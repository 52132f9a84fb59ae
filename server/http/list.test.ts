import { campaign } from '@contract/campaign';
import { country } from '@contract/country';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Db } from '../db/client';
import { sponsors } from '../db/schema';
import { defineList, sparseItem, type IncludeLoader } from './list';

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

describe('defineList', () => {
  it('asks for a page’s relations and its presentation together, not one after another', async () => {
    // Each part waits until all three have been asked for: one after another, the first would wait for ever.
    const started: string[] = [];
    let allStarted: () => void = () => {};
    const everyoneAsked = new Promise<void>((resolve) => (allStarted = resolve));
    const part = async <T>(name: string, value: T): Promise<T> => {
      started.push(name);
      if (started.length === 3) allStarted();
      await everyoneAsked;
      return value;
    };
    const include = (name: string): IncludeLoader<{ id: number }> => () => part(name, (row) => `${name} de ${row.id}`);
    const list = defineList({
      db: {} as Db,
      item: z.object({ id: z.number() }),
      table: sponsors,
      select: () => {
        throw new Error('not read here');
      },
      id: sponsors.id,
      filters: {},
      sorts: { id: sponsors.id },
      defaultSort: 'id',
      includes: { list: ['campaigns', 'country'], load: { campaigns: include('campaigns'), country: include('country') } },
      present: (rows: { id: number }[]) => part('present', rows.map((row) => ({ id: row.id }))),
    });
    let timer: NodeJS.Timeout | undefined;
    const stuck = new Promise((resolve) => (timer = setTimeout(() => resolve('stuck'), 2000)));
    const answer = await Promise.race([list.present([{ id: 7 }], ['campaigns', 'country']), stuck]).finally(() => clearTimeout(timer));
    expect(answer).toEqual([{ id: 7, campaigns: 'campaigns de 7', country: 'country de 7' }]);
    expect(started.sort()).toEqual(['campaigns', 'country', 'present']);
  });
});
