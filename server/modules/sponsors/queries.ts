import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { countries, type sponsors } from '../../db/schema';
import type { Storage } from '../../storage';

export type SponsorRow = typeof sponsors.$inferSelect;
export type CountryRef = { id: number; name: string };

/** A sponsor as the API answers it; `country` only when given (include=country). */
export const presentSponsor = (row: SponsorRow, storage: Storage, country?: CountryRef) => ({
  id: row.id,
  name: row.name,
  country_id: row.countryId,
  logo_url: row.logoPath ? storage.url(row.logoPath) : null,
  website_url: row.websiteUrl,
  website: row.websiteUrl,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
  ...(country ? { country } : {}),
});

/** id → {id, name} for the given country ids, in one query. */
export async function countryRefs(db: Db, ids: readonly number[]): Promise<Map<number, CountryRef>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select({ id: countries.id, name: countries.name }).from(countries).where(inArray(countries.id, unique));
  return new Map(rows.map((row) => [row.id, row]));
}

/** `include=country`: each row's country as {id, name}, in one query for the page. */
export const countryInclude =
  <Row>(db: Db, countryIdOf: (row: Row) => number) =>
  async (rows: Row[]) => {
    const refs = await countryRefs(db, rows.map(countryIdOf));
    return (row: Row) => refs.get(countryIdOf(row));
  };

export const countryExists = async (db: Db, id: number): Promise<boolean> =>
  (await db.select({ id: countries.id }).from(countries).where(eq(countries.id, id))).length > 0;
