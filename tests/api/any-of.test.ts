import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { anyOf } from '../../server/db/any-of';
import { openDatabase } from '../../server/db/client';
import { campaigns, countries, sponsors } from '../../server/db/schema';
import { onDemoData } from './support/demo-context';

// anyOf sends its values as one parameter, an array literal: every value must come back as itself,
// whatever characters a literal gives meaning to.

const demo = onDemoData('any-of');

describe('anyOf', () => {
  it('finds the rows of exactly the given ids, repeated or not, and none for none', async () => {
    const all = await demo.ctx.db.select({ id: countries.id }).from(countries).orderBy(countries.id);
    const wanted = [all[2]!.id, all[0]!.id, all[2]!.id, all[5]!.id];
    const found = await demo.ctx.db.select({ id: countries.id }).from(countries).where(anyOf(countries.id, wanted)).orderBy(countries.id);
    expect(found.map((row) => row.id)).toEqual([all[0]!.id, all[2]!.id, all[5]!.id]);
    expect(await demo.ctx.db.select({ id: countries.id }).from(countries).where(anyOf(countries.id, []))).toEqual([]);
  });

  it('matches text with the characters an array literal treats specially', async () => {
    const names = [`O'Brien & "Hijos", S.A.`, 'Llaves {1,2}', 'Barra \\ invertida', 'NULL', ' espacios ', 'Ñandú Ávila'];
    const [colombia] = await demo.ctx.db.select({ id: countries.id }).from(countries).where(eq(countries.code, 'CO'));
    await demo.ctx.db.insert(sponsors).values(names.map((name) => ({ name, countryId: colombia!.id })));
    const found = await demo.ctx.db.select({ name: sponsors.name }).from(sponsors).where(anyOf(sponsors.name, [...names, 'Nadie']));
    expect(found.map((row) => row.name).sort()).toEqual([...names].sort());
  });
});

describe('anyOf on an embedded database migrated since it opened', () => {
  // PGlite learns the array types of the schema's own types (enums) only as it opens: the first
  // `npm start` on a new data directory migrates after that, and an enum filter must work then too.
  it('filters an enum column', async () => {
    const database = await openDatabase({ databaseUrl: null, dataDir: null });
    try {
      const { db } = database;
      const [country] = await db.insert(countries).values({ name: 'Colombia', code: 'CO' }).returning({ id: countries.id });
      const [sponsor] = await db.insert(sponsors).values({ name: 'Sponsor Nuevo', countryId: country!.id }).returning({ id: sponsors.id });
      const rows = (['ACTIVE', 'DRAFT', 'INACTIVE'] as const).map((status) => ({ name: `Campaña ${status}`, status, sponsorId: sponsor!.id, countryId: country!.id }));
      await db.insert(campaigns).values(rows);
      const found = await db.select({ name: campaigns.name }).from(campaigns).where(anyOf(campaigns.status, ['ACTIVE', 'INACTIVE'])).orderBy(campaigns.name);
      expect(found.map((row) => row.name)).toEqual(['Campaña ACTIVE', 'Campaña INACTIVE']);
    } finally {
      await database.close();
    }
  }, 60_000);
});
