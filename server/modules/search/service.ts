import type { Permission } from '@contract/permissions';
import { SEARCH_TYPES, type SearchResult, type SearchType } from '@contract/search';
import { aliasedTable, and, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { bookings, campaigns, categories, countries, customers, dsps, plans, services, sponsors, users } from '../../db/schema';
import { foldedMatches, matchRank, similarityTo, sortableText } from '../../db/sortable-text';
import type { Actor } from '../../http/actor';
import { rowsOf } from '../../http/item-sql';
import { clockIn } from '../bookings/time-zone';
import { visibleDsp } from '../customers/visibility';

/**
 * The rows of one type a search ranks at most: the first its trigram index gives, within the
 * caller's scope. A DNI, a code or a surname matches fewer and all of them are ranked; two letters
 * can match every booking, and ranking a million rows on each keystroke is what the cap prevents.
 */
export const SEARCH_CANDIDATES = 100;

/** One type's match, as every branch of the search answers it; `key` and `parent_id` build its url. */
interface FoundRow {
  type: SearchType;
  id: number;
  title: string;
  detail: string | null;
  extra: string | null;
  at: string | Date | null;
  parent_id: number | null;
  key: string | null;
}

/** What a branch selects beyond the type and id, each in the one shape of the union. */
interface Shown {
  title: SQL | AnyColumn;
  detail?: SQL | AnyColumn;
  extra?: SQL | AnyColumn;
  at?: SQL | AnyColumn;
  parentId?: SQL | AnyColumn;
  key?: SQL | AnyColumn;
}

/** One searched type: who may find it, its table, what matches, its scope, how it ranks and what it shows. */
interface Branch {
  type: Exclude<SearchType, 'provider'>;
  /** The permission that opens its screen; absent when its scope alone decides (customers). */
  permission?: Permission;
  table: PgTable & { id: PgColumn };
  /** Where it lives (the DSPs the caller sees), as part of the SQL: what is out of scope is never read into the answer. */
  scope?: SQL;
  /**
   * The folded texts the term is looked for in (`foldedMatches`, each through a trigram index), that
   * rank a row found (`matchRank`, best of them) and order equal ranks (`similarityTo`, best of them).
   */
  searched: (AnyColumn | SQL)[];
  joins: (query: SQL) => SQL;
  shown: Shown;
}

const PARENT = 'parent_category';
const parentCategories = aliasedTable(categories, PARENT);

const nullText = sql`null::text`;
const nullInt = sql`null::int`;

/** The branches, in SEARCH_TYPES order; `provider` waits for providers to exist. */
function branches(value: string, actor: Actor): Branch[] {
  return [
    {
      type: 'sponsor',
      permission: 'sponsors.manage',
      table: sponsors,
      searched: [sponsors.nameFolded],
      joins: (query) => sql`${query} left join ${countries} on ${countries.id} = ${sponsors.countryId}`,
      shown: { title: sponsors.name, detail: countries.name },
    },
    {
      type: 'campaign',
      permission: 'sponsors.manage',
      table: campaigns,
      searched: [sortableText(campaigns.name)],
      joins: (query) => sql`${query} join ${sponsors} on ${sponsors.id} = ${campaigns.sponsorId}`,
      shown: { title: campaigns.name, detail: sql`'Sponsor ' || ${sponsors.name}`, parentId: campaigns.sponsorId },
    },
    {
      type: 'plan',
      permission: 'sponsors.manage',
      table: plans,
      searched: [plans.nameFolded],
      joins: (query) => sql`${query} join ${campaigns} on ${campaigns.id} = ${plans.campaignId}`,
      shown: { title: plans.name, detail: sql`'Campaña ' || ${campaigns.name}`, parentId: plans.campaignId, key: plans.name },
    },
    {
      type: 'service',
      permission: 'sponsors.manage',
      table: services,
      searched: [services.nameFolded],
      joins: (query) => sql`${query} join ${plans} on ${plans.id} = ${services.planId} join ${campaigns} on ${campaigns.id} = ${plans.campaignId}`,
      shown: { title: services.name, detail: sql`'Plan ' || ${plans.name}`, extra: campaigns.name, parentId: plans.campaignId, key: services.name },
    },
    {
      type: 'category',
      permission: 'categories.manage',
      table: categories,
      // The catalogue is small (tens to hundreds): no trigram index of its own.
      searched: [sortableText(categories.name)],
      joins: (query) => sql`${query} left join ${categories} ${sql.identifier(PARENT)} on ${parentCategories.id} = ${categories.parentId}`,
      shown: {
        title: categories.name,
        detail: sql`coalesce('Subcategoría de ' || ${parentCategories.name}, 'Categoría principal')`,
        key: categories.name,
      },
    },
    {
      type: 'dsp',
      permission: 'dsps.manage',
      table: dsps,
      searched: [dsps.nameFolded],
      joins: (query) => sql`${query} join ${sponsors} on ${sponsors.id} = ${dsps.sponsorId}`,
      shown: { title: dsps.name, detail: sql`'Sponsor ' || ${sponsors.name}` },
    },
    {
      type: 'customer',
      table: customers,
      scope: visibleDsp(actor, customers.dspId),
      searched: [customers.dniFolded, customers.nameFolded, customers.emailFolded, customers.phoneFolded],
      joins: (query) => sql`${query} join ${dsps} on ${dsps.id} = ${customers.dspId}`,
      shown: { title: customers.name, detail: sql`'DNI ' || ${customers.dni}`, extra: sql`'DSP ' || ${dsps.name}`, parentId: customers.dspId, key: customers.dni },
    },
    {
      type: 'booking',
      permission: 'operations.view',
      table: bookings,
      scope: visibleDsp(actor, bookings.dspId),
      searched: [sortableText(bookings.codeRef)],
      joins: (query) => sql`${query} join ${customers} on ${customers.id} = ${bookings.customerId} join ${services} on ${services.id} = ${bookings.planServiceId}`,
      shown: { title: bookings.codeRef, detail: customers.name, extra: services.name, at: bookings.scheduledAt, parentId: bookings.dspId },
    },
    {
      type: 'user',
      permission: 'users.manage',
      table: users,
      searched: [users.dniFolded, users.nameFolded, users.emailFolded],
      joins: (query) => query,
      shown: { title: users.name, detail: users.email, extra: sql`'DNI ' || ${users.dni}`, key: users.email },
    },
  ];
}

const best = (kind: 'least' | 'greatest', terms: SQL[]): SQL => (terms.length === 1 ? terms[0]! : sql`${sql.raw(kind)}(${sql.join(terms, sql`, `)})`);

/**
 * One type's best `limit` rows: of its first SEARCH_CANDIDATES matches in scope, the exact ones
 * (a DNI, a code, a whole name) first, then those that start with the term, then the rest, each
 * group by trigram similarity, then by id. Ranked before the joins that show them, so that only
 * the kept rows are joined; each step is aliased as the table, so the columns keep their names.
 */
function branchQuery(branch: Branch, value: string, limit: number, order: number): SQL {
  const { table, shown } = branch;
  const match = or(...branch.searched.map((folded) => foldedMatches(folded, value)));
  const candidates = sql`select * from ${table} where ${and(match, branch.scope)} limit ${SEARCH_CANDIDATES}`;
  const rank = best('least', branch.searched.map((folded) => matchRank(folded, value)));
  const score = best('greatest', branch.searched.map((folded) => sql`coalesce(${similarityTo(folded, value)}, 0)`));
  const kept = sql`select ${table}.*, ${rank} as "rank", ${score} as "score" from (${candidates}) ${table} order by "rank", "score" desc, ${table.id} limit ${limit}`;
  const select = sql`select ${branch.type}::text as "type", ${order}::int as "type_order", ${table.id} as "id", ${table}."rank", ${table}."score",
      ${shown.title}::text as "title", ${shown.detail ?? nullText}::text as "detail", ${shown.extra ?? nullText}::text as "extra",
      ${shown.at ?? sql`null::timestamptz`} as "at", ${shown.parentId ?? nullInt}::int as "parent_id", ${shown.key ?? nullText}::text as "key"
    from (${kept}) ${table}`;
  return sql`(${branch.joins(select)})`;
}

/** The day and time a booking is for, as staff read it in their zone: '22/11/2026 10:30'. */
const bookingTime = (at: string | Date, timeZone: string): string => {
  const [day, time] = clockIn(new Date(at), timeZone).split(' ');
  return `${day!.split('-').reverse().join('/')} ${time}`;
};

const withQuery = (path: string, params: Record<string, string | number>) => `${path}?${new URLSearchParams(Object.entries(params).map(([name, value]) => [name, String(value)]))}`;

/** The panel path that opens each type's record (see the README's search section). */
const URLS: Record<Exclude<SearchType, 'provider'>, (row: FoundRow) => string> = {
  sponsor: (row) => `/sponsor/${row.id}`,
  campaign: (row) => `/sponsor/${row.parent_id}/campaign/${row.id}`,
  plan: (row) => withQuery('/planes-asistencia', { campaign: row.parent_id!, q: row.key! }),
  service: (row) => withQuery('/servicios', { campaign: row.parent_id!, q: row.key! }),
  category: (row) => withQuery('/categorias', { q: row.key! }),
  dsp: (row) => withQuery('/dsp-config', { config: row.id }),
  customer: (row) => withQuery(`/customers/${row.parent_id}`, { q: row.key! }),
  booking: (row) => withQuery('/agendamientos', { dsp: row.parent_id!, booking: row.id }),
  user: (row) => withQuery('/users', { q: row.key! }),
};

const resultOf = (row: FoundRow, timeZone: string): SearchResult => {
  const parts = [row.detail, row.extra, row.at === null ? null : bookingTime(row.at, timeZone)].filter((part): part is string => part !== null && part !== '');
  return {
    type: row.type,
    id: row.id,
    title: row.title,
    subtitle: parts.length > 0 ? parts.join(' · ') : null,
    url: URLS[row.type as Exclude<SearchType, 'provider'>](row),
  };
};

export function createSearchService({ db }: { db: Db }) {
  return {
    /**
     * What `q` finds among what `actor` may open, in one statement. Each type offers its best
     * `limit`; of all of them the best `limit` overall are kept (an exact DNI or code before any
     * prefix, a prefix before the rest, then by similarity), answered grouped by type in
     * SEARCH_TYPES order and ranked within each type.
     */
    async search({ q, limit }: { q: string; limit: number }, timeZone: string, actor: Actor): Promise<SearchResult[]> {
      const open = branches(q, actor).filter((branch) => !branch.permission || actor.permissions.includes(branch.permission));
      if (open.length === 0) return [];
      const union = sql.join(
        open.map((branch) => branchQuery(branch, q, limit, SEARCH_TYPES.indexOf(branch.type))),
        sql` union all `,
      );
      const found = rowsOf<FoundRow & { type_order: number }>(
        await db.execute(sql`select * from (select * from (${union}) "found" order by "rank", "score" desc, "type_order", "id" limit ${limit}) "kept"
          order by "type_order", "rank", "score" desc, "id"`),
      );
      return found.map((row) => resultOf(row, timeZone));
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
