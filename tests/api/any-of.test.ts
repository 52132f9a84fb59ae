import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { anyOf } from '../../server/db/any-of';
import { countries, sponsors } from '../../server/db/schema';
import { onDemoData } from './support/demo-context';

// anyOf sends its values as one array parameter, which the driver writes as an array literal:
// every value must come back as itself, whatever characters a literal gives meaning to.

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
