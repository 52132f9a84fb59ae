import { eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../tests/api/support/database';
import type { Database } from '../db/client';
import { categories, countries, sponsors } from '../db/schema';
import { storageUrl } from '../storage/storage';
import { z } from 'zod';
import { constant, defineItem, fileUrl, isoTime, type ItemSql, many, mapped, money, one, presenterOf, presentItems, relationAt, sameNamed, type Shape } from './item-sql';

let database: Database;
let countryId: number;

beforeAll(async () => {
  database = await openTestDatabase();
  [{ id: countryId }] = (await database.db.insert(countries).values({ name: 'Perú', code: 'PE' }).returning({ id: countries.id })) as [{ id: number }];
});

afterAll(() => database.close());

const categoryFields = z.object({ id: z.number().int(), name: z.string(), image_url: z.string().nullable(), created_at: z.string() });
const testCategory = categoryFields.extend({
  parent: z.object({ id: z.number().int(), name: z.string() }).nullable().optional(),
  subcategories: z.array(categoryFields).optional(),
});

/** A category with its parent and subcategories, both categories too: the aliases must keep them apart. */
const categoryItem: ItemSql<typeof categories, z.output<typeof testCategory>> = defineItem(testCategory, {
  table: categories,
  id: categories.id,
  fields: (category) => ({ id: category.id, name: category.name, image_url: fileUrl(category.imagePath), created_at: isoTime(category.createdAt) }),
  relations: {
    parent: relationAt(() => one(categoryItem, (parent, child: typeof categories) => eq(parent.id, child.parentId), ['id', 'name'])),
    subcategories: relationAt(() => many(categoryItem, (child, parent: typeof categories) => eq(child.parentId, parent.id), (child) => [child.name])),
  },
});

const countryName = z.object({ name: z.string() });
const countryNameItem = defineItem(countryName, { table: countries, id: countries.id, fields: (country) => ({ name: country.name }) });
const countryItemWith = defineItem(z.object({ name: z.string(), code: z.string().nullable() }), { table: countries, id: countries.id, fields: (row) => ({ name: row.name, code: row.code }) });

/** The items of `ids` as the presenter writes them, parsed. */
async function presented<Table extends PgTable>(item: ItemSql<Table>, ids: number[], shape: Shape): Promise<Record<string, unknown>[]> {
  return presentItems<Record<string, unknown>>(database.db, ids, presenterOf(item)(shape));
}

describe('item-sql', () => {
  it('writes timestamps as toISOString does, files as storage addresses them, and money as a number', async () => {
    const moments = ['2026-01-02T03:04:05.678Z', '2026-11-29T23:59:59.999Z', '2024-02-29T00:00:00.000Z'];
    const rows = [];
    for (const [index, at] of moments.entries()) {
      rows.push(
        ...(await database.db
          .insert(categories)
          .values({ name: `Momento ${index}`, imagePath: index === 0 ? 'categories/a.png' : index === 1 ? '' : null, createdAt: new Date(at) })
          .returning()),
      );
    }
    // A timestamp to the microsecond is cut to the millisecond, as a JavaScript Date keeps it.
    await database.db.execute(sql`update ${categories} set created_at = '2026-05-06 07:08:09.123999+00' where ${categories.id} = ${rows[2]!.id}`);
    const [stored] = await database.db.select().from(categories).where(eq(categories.id, rows[2]!.id));
    const items = (await presented(categoryItem, rows.map((row) => row.id), { fields: null, includes: [] })) as { image_url: string | null; created_at: string }[];
    expect(items.map((item) => item.created_at)).toEqual([moments[0], moments[1], stored!.createdAt.toISOString()]);
    expect(items.map((item) => item.image_url)).toEqual([storageUrl('categories/a.png'), storageUrl(''), storageUrl(null)]);

    const [written] = (
      (await database.db.execute(sql`select ${money(sql`12.50::numeric`)} as "amount", ${money(sql`null::numeric`)} as "none", ${mapped(sql`'ACTIVE'`, { ACTIVE: 'activa', PAUSED: 'en pausa' })} as "status"`)) as unknown as {
        rows: Record<string, unknown>[];
      }
    ).rows;
    expect(written).toEqual({ amount: 12.5, none: null, status: 'activa' });
  });

  it('answers in the order of the ids, the fields asked for, and each relation from its own alias of the same table', async () => {
    const [root] = await database.db.insert(categories).values({ name: 'Raíz' }).returning();
    const [first] = await database.db.insert(categories).values({ name: 'B hija', parentId: root!.id }).returning();
    const [second] = await database.db.insert(categories).values({ name: 'A hija', parentId: root!.id }).returning();
    const [grandchild] = await database.db.insert(categories).values({ name: 'Nieta', parentId: first!.id }).returning();

    const items = await presented(categoryItem, [first!.id, root!.id, 999_999, second!.id], { fields: ['id', 'name'], includes: ['parent', 'subcategories'] });
    expect(items).toEqual([
      { id: first!.id, name: 'B hija', parent: { id: root!.id, name: 'Raíz' }, subcategories: [expect.objectContaining({ id: grandchild!.id, name: 'Nieta' })] },
      {
        id: root!.id,
        name: 'Raíz',
        parent: null,
        subcategories: [expect.objectContaining({ id: second!.id, name: 'A hija' }), expect.objectContaining({ id: first!.id, name: 'B hija' })],
      },
      { id: second!.id, name: 'A hija', parent: { id: root!.id, name: 'Raíz' }, subcategories: [] },
    ]);
    // A nested path reaches the relations of a relation.
    const [deep] = (await presented(categoryItem, [root!.id], { fields: ['id'], includes: ['subcategories.subcategories'] })) as { subcategories: { subcategories: { name: string }[] }[] }[];
    expect(deep!.subcategories.map((child) => child.subcategories.map((inner) => inner.name))).toEqual([[], ['Nieta']]);
  });

  it('keeps a relation that is a field of the item unless sparse fields leave it out', async () => {
    const sponsorItem = defineItem(z.object({ id: z.number().int(), name: z.string(), country: countryName }), {
      table: sponsors,
      id: sponsors.id,
      fields: (sponsor) => ({ id: sponsor.id, name: sponsor.name, country: one(countryNameItem, (country, row: typeof sponsors) => eq(country.id, row.countryId)) }),
    });
    const [sponsor] = await database.db.insert(sponsors).values({ name: 'Con país', countryId }).returning();
    expect(await presented(sponsorItem, [sponsor!.id], { fields: null, includes: [] })).toEqual([{ id: sponsor!.id, name: 'Con país', country: { name: 'Perú' } }]);
    expect(await presented(sponsorItem, [sponsor!.id], { fields: ['name'], includes: [] })).toEqual([{ name: 'Con país' }]);
  });

  it('refuses an item that would carry a parameter: presenters are rendered once and kept', () => {
    const leaky = defineItem(z.object({ id: z.number(), label: z.string() }), { table: countries, id: countries.id, fields: (country) => ({ id: country.id, label: sql`${'x'}::text` }) });
    expect(() => presenterOf(leaky)({ fields: null, includes: [] })).toThrow(/parámetros/);
    const constantItem = defineItem(z.object({ id: z.number(), label: z.string() }), { table: countries, id: countries.id, fields: (country) => ({ id: country.id, label: constant('COP') }) });
    expect(() => presenterOf(constantItem)({ fields: null, includes: [] })).not.toThrow();
  });

  it('writes into the SQL only constants that need no escaping, and refuses the others where the item is defined', () => {
    for (const text of ["l'x", 'a\\b', 'a\nb']) {
      expect(() => constant(text)).toThrow(/escaparla/);
      expect(() => mapped(sql`'A'`, { A: text })).toThrow(/escaparla/);
      expect(() =>
        defineItem(z.object({ label: z.string() }), { table: countries, id: countries.id, fields: () => ({ label: constant(text) }) }),
      ).toThrow(/escaparla/);
    }
    expect(() => constant('••••••••')).not.toThrow();
  });

  it('holds the SQL to its contract: a key missing, extra or of a relation that writes other keys does not compile, nor define', () => {
    const contract = z.object({ id: z.number(), name: z.string(), country: countryName.optional() });
    const country = one(countryNameItem, (row, sponsor: typeof sponsors) => eq(row.id, sponsor.countryId));
    const wide = one(countryItemWith, (row, sponsor: typeof sponsors) => eq(row.id, sponsor.countryId));
    // @ts-expect-error a field of the contract is not written
    expect(() => defineItem(contract, { table: sponsors, id: sponsors.id, fields: (row) => ({ id: row.id }), relations: { country } })).toThrow(/contrato/);
    // @ts-expect-error a field the contract lacks is written
    expect(() => defineItem(contract, { table: sponsors, id: sponsors.id, fields: (row) => ({ id: row.id, name: row.name, extra: row.name }), relations: { country } })).toThrow(/contrato/);
    // @ts-expect-error a relation the contract has is missing
    expect(() => defineItem(contract, { table: sponsors, id: sponsors.id, fields: (row) => ({ id: row.id, name: row.name }), relations: {} })).toThrow(/contrato/);
    // @ts-expect-error the relation writes keys its related object lacks
    defineItem(contract, { table: sponsors, id: sponsors.id, fields: (row) => ({ id: row.id, name: row.name }), relations: { country: wide } });
    expect(() => defineItem(contract, { table: sponsors, id: sponsors.id, fields: (row) => ({ id: row.id, name: row.name }), relations: { country } })).not.toThrow();
  });

  it('writes each key as the column of the same name, in the order of the keys; a key with no such column does not compile', () => {
    const fields = sameNamed(sponsors, ['name', 'country_id', 'id']);
    expect(Object.entries(fields)).toEqual([
      ['name', sponsors.name],
      ['country_id', sponsors.countryId],
      ['id', sponsors.id],
    ]);
    // @ts-expect-error the sponsor's logo is the column logoPath: no column is named logoUrl
    expect(() => sameNamed(sponsors, ['id', 'logo_url'])).toThrow(/logoUrl/);
  });
});

