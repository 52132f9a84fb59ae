import { COUNTRY_DEFAULT_SORT, COUNTRY_FIELDS, COUNTRY_NOT_FOUND, type COUNTRY_SORTS, type Country, country, type countryBody } from '@contract/country';
import { currencyOfCountry } from '@contract/currency';
import { and, type AnyColumn, eq, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { auditTrail } from '../../db/audit-trail';
import { assertVersion, defineWrites } from '../../db/record-writes';
import { uniqueViolation } from '../../db/errors';
import { campaigns, countries, sponsors, users } from '../../db/schema';
import { containsText } from '../../db/sortable-text';
import type { Actor } from '../../http/actor';
import { conflict, notFound } from '../../http/errors';
import { defineItem, one, type Relation, sameNamed } from '../../http/item-sql';
import { defineList } from '../../http/list';

export const COUNTRY_ERRORS = {
  notFound: COUNTRY_NOT_FOUND,
  nameTaken: 'Ya existe un país con ese nombre',
  codeTaken: 'Ya existe un país con ese código',
} as const;

type CountryInput = z.output<typeof countryBody>;

/**
 * The currency an update writes: the one given, or with a code sent that code's own; neither keeps
 * the current one. The database carries it to the country's campaigns and plans.
 */
const currencyChange = (input: CountryInput): { currency?: string | null } =>
  input.currency !== undefined ? { currency: input.currency } : input.code !== undefined ? { currency: currencyOfCountry(input.code) } : {};

const history = auditTrail({
  resource: 'country',
  id: (item: Country) => item.id,
  label: (item) => item.name,
  fields: (item) => ({ name: item.name, code: item.code, currency: item.currency }),
});

/** A country as the API answers it. */
const countryItem = defineItem(country, {
  table: countries,
  id: countries.id,
  fields: (country) => sameNamed(country, ['id', 'name', 'code', 'currency', 'version']),
});

/** `include=country` of any resource: the row's country as {id, name}. */
export const countryRelation = <T>(countryIdOf: (row: T) => AnyColumn): Relation<T, 'id' | 'name'> =>
  one(countryItem, (country, row: T) => eq(country.id, countryIdOf(row)), ['id', 'name']);

/** 409 when another country has the name (ignoring case) or the code. */
async function checkUnique(db: Db, input: CountryInput, exceptId?: number) {
  const nameMatches = sql`lower(${countries.name}) = lower(${input.name})`;
  const taken = await db
    .select({ name: countries.name, code: countries.code })
    .from(countries)
    .where(and(input.code ? or(nameMatches, eq(countries.code, input.code)) : nameMatches, exceptId === undefined ? undefined : ne(countries.id, exceptId)));
  if (taken.some((row) => row.name.toLowerCase() === input.name.toLowerCase())) throw conflict(COUNTRY_ERRORS.nameTaken, { name: [COUNTRY_ERRORS.nameTaken] });
  if (input.code && taken.some((row) => row.code === input.code)) throw conflict(COUNTRY_ERRORS.codeTaken, { code: [COUNTRY_ERRORS.codeTaken] });
}

/** A write that lost a race to another with the same name or code: the same 409 the check gives. */
const mapUniqueViolation = (error: unknown): never => {
  const constraint = uniqueViolation(error);
  if (constraint === 'countries_name_unique') throw conflict(COUNTRY_ERRORS.nameTaken, { name: [COUNTRY_ERRORS.nameTaken] });
  if (constraint === 'countries_code_unique') throw conflict(COUNTRY_ERRORS.codeTaken, { code: [COUNTRY_ERRORS.codeTaken] });
  throw error;
};

export function createCountryService({ db }: { db: Db }) {
  /** Deleting: every record that points at the country blocks it, counted in the 409. */
  const writes = defineWrites({
    db,
    table: countries,
    id: countries.id,
    notFound: COUNTRY_ERRORS.notFound,
    present: (row, tx) => list.presentHeld<Country>(row.id, [], tx),
    history,
    dependents: [
      { table: users, column: users.countryId, noun: ['usuario', 'usuarios'] },
      { table: sponsors, column: sponsors.countryId, noun: ['sponsor', 'sponsors'] },
      { table: campaigns, column: campaigns.countryId, noun: ['campaña', 'campañas'] },
    ],
  });

  const list = defineList({
    db,
    shown: countryItem,
    filters: { q: { description: 'Busca en el nombre, sin distinguir mayúsculas ni tildes.', where: (value) => containsText(countries.name, value) } },
    sorts: { id: countries.id, name: countries.name, code: countries.code } satisfies Record<(typeof COUNTRY_SORTS)[number], unknown>,
    defaultSort: COUNTRY_DEFAULT_SORT,
    fields: COUNTRY_FIELDS,
  });


  return {
    list,

    async get(id: number) {
      const found = await list.present<Country>(id);
      if (!found) throw notFound(COUNTRY_ERRORS.notFound);
      return found;
    },

    async create(input: CountryInput, actor: Actor) {
      await checkUnique(db, input);
      return db
        .transaction(async (tx) => {
          const [row] = await tx
            .insert(countries)
            .values({ name: input.name, code: input.code ?? null, currency: input.currency ?? currencyOfCountry(input.code) })
            .returning({ id: countries.id });
          const after = await list.presentHeld<Country>(row!.id, [], tx);
          await history.record(tx, actor, { before: null, after });
          return after;
        })
        .catch(mapUniqueViolation);
    },

    async update(id: number, input: CountryInput, actor: Actor, version?: number) {
      await checkUnique(db, input, id);
      return db
        .transaction(async (tx) => {
          await tx.select({ id: countries.id }).from(countries).where(eq(countries.id, id)).for('update');
          const before = await list.present<Country>(id, [], tx);
          if (!before) throw notFound(COUNTRY_ERRORS.notFound);
          await assertVersion(before, version, async () => before);
          await tx
            .update(countries)
            .set({ name: input.name, ...(input.code === undefined ? {} : { code: input.code }), ...currencyChange(input) })
            .where(eq(countries.id, id));
          const after = await list.presentHeld<Country>(id, [], tx);
          await history.record(tx, actor, { before, after });
          return after;
        })
        .catch(mapUniqueViolation);
    },

    remove: writes.remove,
    restorer: writes.restorer,
    deletion: writes.deletion,
  };
}

