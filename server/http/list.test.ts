import { campaign } from '@contract/campaign';
import { country } from '@contract/country';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../tests/api/support/database';
import type { Database } from '../db/client';
import { countries } from '../db/schema';
import type { PlanNode } from '../db/explain';
import { containsText } from '../db/sortable-text';
import { captureStatements, planOf } from '../../tests/api/support/query-plans';
import { notFound } from './errors';
import { defineItem } from './item-sql';
import { defineList, sparseItem } from './list';

describe('sparseItem', () => {
  it('requires exactly the fields asked for and the relations included', () => {
    const schema = sparseItem(campaign, ['id', 'name'], ['sponsor', 'plans.services']);
    expect(Object.keys(schema.shape).sort()).toEqual(['id', 'name', 'plans', 'sponsor']);
    expect(schema.safeParse({ id: 1, name: 'Hogar' }).success).toBe(true);
    expect(schema.safeParse({ id: 1 }).success).toBe(false);
    expect(schema.safeParse({ id: '1', name: 'Hogar' }).success).toBe(false);
  });

  it('leaves the full item strict: a missing field fails', () => {
    expect(country.safeParse({ id: 1, name: 'Perú', code: 'PE', currency: 'PEN', version: 1 }).success).toBe(true);
    expect(country.safeParse({ id: 1, name: 'Perú' }).success).toBe(false);
  });
});

describe('answerOne', () => {
  let database: Database;
  beforeAll(async () => (database = await openTestDatabase()));
  afterAll(() => database.close());

  it('answers the 404 of a record deleted between its check and its read, never a broken body', async () => {
    const countryItem = defineItem(country, { table: countries, id: countries.id, fields: (row) => ({ id: row.id, name: row.name, code: row.code, currency: row.currency, version: row.version }) });
    const list = defineList({ db: database.db, shown: countryItem, filters: {}, sorts: { id: countries.id }, defaultSort: 'id' });
    const [row] = await database.db.insert(countries).values({ name: 'Efímero', code: 'EF' }).returning({ id: countries.id });
    const request = { query: {}, url: '/api/v1/countries/1', method: 'GET', routeOptions: { url: '/api/v1/countries/:id' }, server: { checkAnswers: true } };
    const sent: unknown[] = [];
    const reply = { type: () => reply, send: (body: unknown) => sent.push(body) };
    let checks = 0;
    // The first check finds it; it is deleted before it is read; the second check is the 404.
    const find = async () => {
      checks += 1;
      if (checks > 1) throw notFound('El país no existe.');
      await database.db.delete(countries).where(eq(countries.id, row!.id));
      return row!;
    };
    await expect(list.answerOne(request as never, reply as never, find)).rejects.toMatchObject({ statusCode: 404, message: 'El país no existe.' });
    expect(sent).toEqual([]);
  });
});

describe('a searched page', () => {
  let database: Database;
  beforeAll(async () => (database = await openTestDatabase()));
  afterAll(() => database.close());

  type Node = PlanNode & { 'CTE Name'?: string; Plans?: Node[] };
  const readsMatches = (node: Node): boolean => node['CTE Name'] === 'matching' || (node.Plans ?? []).some(readsMatches);
  /** The plan's sorts that read the search's matches. */
  const sortsOfMatches = (node: Node): number =>
    (node['Node Type'] === 'Sort' && readsMatches(node) ? 1 : 0) + (node.Plans ?? []).reduce((sum, child) => sum + sortsOfMatches(child), 0);

  it('sorts its matches once, however many parts of the statement read the page', async () => {
    await database.db.insert(countries).values(['Alfa', 'Albania', 'Alemania'].map((name, at) => ({ name: `${name} de prueba`, code: `Z${at}` })));
    const countryItem = defineItem(country, { table: countries, id: countries.id, fields: (row) => ({ id: row.id, name: row.name, code: row.code, currency: row.currency, version: row.version }) });
    const list = defineList({
      db: database.db,
      shown: countryItem,
      filters: { q: { description: 'Nombre.', where: (value) => containsText(countries.name, value) } },
      sorts: { name: countries.name },
      defaultSort: 'name',
    });
    const request = { query: { 'filter[q]': 'de prueba' }, url: '/api/v1/countries', params: {}, server: { checkAnswers: false, publicUrl: 'http://localhost' } };
    let sent = '';
    const reply = { type: () => reply, send: (body: string) => (sent = body) };
    const { statements } = await captureStatements(database.db, () => list.answer(request as never, reply as never));
    expect(JSON.parse(sent)).toMatchObject({ data: { total: 3, data: [{ name: 'Albania de prueba' }, { name: 'Alemania de prueba' }, { name: 'Alfa de prueba' }] } });
    const searched = statements.find(({ text }) => text.includes('"matching"'))!;
    expect(sortsOfMatches((await planOf(database.db, searched)) as Node)).toBe(1);
  });
});
