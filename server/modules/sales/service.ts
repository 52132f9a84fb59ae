import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from '@contract/entitlement';
import {
  ENTITLEMENT_STATUSES_OF_SALE,
  SALE_DEFAULT_SORT,
  SALE_PAGE_SIZE,
  SALE_STATUSES,
  SALE_STATUS_LABELS,
  SALE_STATUS_OF,
  SALE_TIME_ZONE_OFFSET,
  type SALE_SORTS,
  type SalesSummary,
  type SalesTotal,
  sale,
} from '@contract/sale';
import { and, count, eq, gte, lt, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { anyOf } from '../../db/any-of';
import type { Db } from '../../db/client';
import { customers, dsps, entitlements, plans, salesTallies } from '../../db/schema';
import { compactSalesTallies, TALLY_ROWS_BEFORE_FOLDING } from '../../db/tallies';
import { copyContains } from '../../db/sortable-text';
import type { Actor } from '../../http/actor';
import { csvAmount, csvTime } from '../../http/csv';
import { badRequest } from '../../http/errors';
import { idFilter } from '../../http/filter-values';
import { defineItem, isoTime, mapped, one, relatedContract, sameNamed } from '../../http/item-sql';
import { defineList, type ListFilter } from '../../http/list';
import { visibleDsp } from '../customers/visibility';

const DAY_MS = 86_400_000;
const OFFSET_MS = 5 * 3_600_000;

/** A filter over a fixed set of lower-case values, or a 400 that lists them. */
function oneOf<T extends string>(name: string, value: string, allowed: readonly T[]): T {
  if (!allowed.includes(value as T)) throw badRequest(`El filtro ${name} admite: ${allowed.join(', ')}.`);
  return value as T;
}

/** The start of a Bogotá day given as YYYY-MM-DD, or a 400 that shows the format. */
function bogotaDayStart(name: string, value: string): Date {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00.000${SALE_TIME_ZONE_OFFSET}`) : null;
  // Date rolls 2026-02-30 over to March: a day that does not exist is refused, not moved.
  if (!day || Number.isNaN(day.getTime()) || new Date(day.getTime() - OFFSET_MS).toISOString().slice(0, 10) !== value) {
    throw badRequest(`El filtro ${name} debe ser una fecha con el formato AAAA-MM-DD (por ejemplo 2026-01-31).`);
  }
  return day;
}

/**
 * A sale as the list answers it: a subscription with its customer, DSP and plan, the plan's price
 * as the exact decimal text ('150000.00', null without one) and the status a sale shows.
 */
const saleCustomer = defineItem(relatedContract(sale, 'customer'), {
  table: customers,
  id: customers.id,
  fields: (customer) => sameNamed(customer, ['id', 'name', 'email']),
});
const saleDsp = defineItem(relatedContract(sale, 'dsp'), { table: dsps, id: dsps.id, fields: (dsp) => sameNamed(dsp, ['id', 'name']) });
const salePlan = defineItem(relatedContract(sale, 'plan'), { table: plans, id: plans.id, fields: (plan) => sameNamed(plan, ['id', 'name']) });

const saleItem = defineItem(sale, {
  table: entitlements,
  id: entitlements.id,
  fields: (row) => ({
    id: row.id,
    created_at: isoTime(row.createdAt),
    amount: sql`(select ${plans.price}::text from ${plans} where ${plans.id} = ${row.planId})`,
    currency: sql`(select ${plans.currency} from ${plans} where ${plans.id} = ${row.planId})`,
    payment_method: row.paymentMethod,
    status: mapped(row.status, SALE_STATUS_OF),
    customer: one(saleCustomer, (customer, subscription: typeof entitlements) => eq(customer.id, subscription.customerId)),
    dsp: one(saleDsp, (dsp, subscription: typeof entitlements) => eq(dsp.id, subscription.dspId)),
    plan: one(salePlan, (plan, subscription: typeof entitlements) => eq(plan.id, subscription.planId)),
  }),
});

/**
 * The filters on a sale's DSP, status and payment method, on either table that holds those columns:
 * the subscriptions (the list) or their tallies (the totals).
 */
const tallyKeyFilters = (columns: { status: AnyColumn; paymentMethod: AnyColumn; dspId: AnyColumn }) =>
  ({
    status: {
      description: `Estado de la venta: ${SALE_STATUSES.join(', ')}.`,
      where: (value) => anyOf(columns.status, ENTITLEMENT_STATUSES_OF_SALE[oneOf('status', value, SALE_STATUSES)]),
    },
    payment_method: {
      description: `Método de pago: ${PAYMENT_METHODS.join(', ')}.`,
      where: (value) => eq(columns.paymentMethod, oneOf('payment_method', value, PAYMENT_METHODS)),
    },
    dsp_id: { description: 'Id de la DSP.', where: (value) => eq(columns.dspId, idFilter('dsp_id', value)) },
  }) satisfies Record<string, ListFilter>;

/**
 * The totals per currency, by currency code (sales without one last), leaving out the currencies
 * whose sales all went; the count is every sale's.
 */
function summaryOf(rows: { currency: string | null; count: string; total: string }[]): SalesSummary {
  const totals: SalesTotal[] = rows
    .map((row) => ({ currency: row.currency, count: Number(row.count), total_amount: row.total }))
    .filter((total) => total.count !== 0)
    .sort((a, b) => (a.currency === null ? 1 : b.currency === null ? -1 : a.currency.localeCompare(b.currency)));
  return { count: totals.reduce((sum, total) => sum + total.count, 0), totals };
}

/** The tally filters, by name, on the tallies' own columns. */
const TALLY_FILTERS: Record<string, ListFilter> = tallyKeyFilters(salesTallies);

export function createSalesService({ db }: { db: Db }) {
  // Every filter holds on the subscriptions' table alone, so the total counts the same rows.
  const list = defineList({
    db,
    shown: saleItem,
    // The sort by amount reads the plan's price.
    joinedForSort: (selection) => db.select(selection).from(entitlements).innerJoin(plans, eq(plans.id, entitlements.planId)).$dynamic(),
    filters: {
      ...tallyKeyFilters(entitlements),
      q: {
        description: 'Busca en el nombre y el email del cliente, sin distinguir mayúsculas ni tildes.',
        // The matching customers as an array the planner computes first: the subscriptions are then
        // read through entitlements_customer_idx, not by hashing every subscription of the list.
        // A template, not drizzle's select builder, which costs more to build than the rest of the call.
        where: (value) =>
          sql`${entitlements.customerId} = any(array(select ${customers.id} from ${customers} where ${or(copyContains(customers.nameFolded, value), copyContains(customers.emailFolded, value))}))`,
      },
      from: {
        description: 'Desde este día inclusive (AAAA-MM-DD, hora de Bogotá, UTC−5).',
        where: (value) => gte(entitlements.createdAt, bogotaDayStart('from', value)),
      },
      to: {
        description: 'Hasta este día inclusive (AAAA-MM-DD, hora de Bogotá, UTC−5).',
        where: (value) => lt(entitlements.createdAt, new Date(bogotaDayStart('to', value).getTime() + DAY_MS)),
      },
    },
    sorts: { created_at: entitlements.createdAt, amount: plans.price } satisfies Record<(typeof SALE_SORTS)[number], unknown>,
    defaultSort: SALE_DEFAULT_SORT,
    defaultLimit: SALE_PAGE_SIZE,
    csv: {
      file: 'ventas',
      summary: 'Las ventas filtradas, en CSV',
      columns: [
        { header: 'Fecha', cell: (item, { timeZone }) => csvTime(item.created_at, timeZone) },
        { header: 'Cliente', cell: (item) => item.customer.name },
        { header: 'Email', cell: (item) => item.customer.email },
        { header: 'DSP', cell: (item) => item.dsp.name },
        { header: 'Plan', cell: (item) => item.plan.name },
        { header: 'Monto', cell: (item) => csvAmount(item.amount) },
        { header: 'Moneda', cell: (item) => (item.amount === null ? '' : item.currency) },
        { header: 'Método de pago', cell: (item) => (item.payment_method === null ? '' : PAYMENT_METHOD_LABELS[item.payment_method]) },
        { header: 'Estado', cell: (item) => SALE_STATUS_LABELS[item.status] },
      ],
    },
  });

  /**
   * The totals from the tallies, a few thousand rows however many sales; null when a search or
   * dates ask for the sales themselves. When the rows of differences have piled up, each key's are
   * folded into one.
   */
  async function talliedSummary(asked: Record<string, string>, actor: Actor): Promise<SalesSummary | null> {
    if (!Object.keys(asked).every((name) => name in TALLY_FILTERS)) return null;
    const where = and(...Object.entries(asked).map(([name, value]) => TALLY_FILTERS[name]!.where(value, {}, {})), visibleDsp(actor, salesTallies.dspId));
    const rows = await db
      .select({
        currency: salesTallies.currency,
        count: sql<string>`coalesce(sum(${salesTallies.sales}), 0)::bigint::text`,
        total: sql<string>`coalesce(sum(${salesTallies.amount}), 0)::numeric(16, 2)::text`,
        unfolded: sql<number>`count(*) filter (where not ${salesTallies.folded})::int`,
      })
      .from(salesTallies)
      .where(where)
      .groupBy(salesTallies.currency);
    if (rows.reduce((sum, row) => sum + row.unfolded, 0) > TALLY_ROWS_BEFORE_FOLDING) await compactSalesTallies(db);
    return summaryOf(rows);
  }

  /** The sales `actor` may see that `query`'s filters select (filters checked first: a bad one is a 400). */
  const salesWhere = (query: Record<string, unknown>, actor: Actor): SQL | undefined => and(list.filtersOf(query), visibleDsp(actor, entitlements.dspId));

  return {
    list,
    visible: (actor: Actor) => visibleDsp(actor, entitlements.dspId),
    /** How many sales `actor` sees that the list's filters select, from the tallies (null: count them). */
    talliedCount: (actor: Actor) => async (filters: Record<string, string>) => (await talliedSummary(filters, actor))?.count ?? null,

    /**
     * How many sales the filters select and the sum of their amounts (a plan without a price adds
     * nothing). Filtered only by DSP, status or payment method (the page's first visit, an
     * operator's DSPs), the tallies answer. A search or dates need the sales themselves: they are
     * counted per plan first, from the plan index alone, and only then priced (joining every sale to
     * its plan read the whole plans table for a few thousand plans sold).
     */
    async summary(query: Record<string, unknown>, actor: Actor): Promise<SalesSummary> {
      const tallied = await talliedSummary(list.filtersIn(query), actor);
      if (tallied) return tallied;
      const perPlan = db
        .select({ planId: entitlements.planId, sales: count().as('sales') })
        .from(entitlements)
        .where(salesWhere(query, actor))
        .groupBy(entitlements.planId)
        .as('per_plan');
      const rows = await db
        .select({
          currency: plans.currency,
          count: sql<string>`coalesce(sum(${perPlan.sales}), 0)::bigint::text`,
          total: sql<string>`coalesce(sum(${perPlan.sales} * ${plans.price}), 0)::numeric(16, 2)::text`,
        })
        .from(perPlan)
        .innerJoin(plans, eq(plans.id, perPlan.planId))
        .groupBy(plans.currency);
      return summaryOf(rows);
    },
  };

}
