import { z } from 'zod';
import { paymentMethod } from './entitlement';
import { currencyCode } from './common';
import { SALE_STATUSES } from './sale.constants';

export {
  CUSTOMERS_CSV_HEADER,
  ENTITLEMENT_STATUSES_OF_SALE,
  SALES_CSV_HEADER,
  SALE_DEFAULT_SORT,
  SALE_PAGE_SIZE,
  SALE_SORTS,
  SALE_STATUSES,
  SALE_STATUS_LABELS,
  SALE_STATUS_OF,
  SALE_STATUS_TEXT,
  SALE_TIME_ZONE_OFFSET,
  type SaleStatus,
} from './sale.constants';

const ref = z.object({ id: z.number().int(), name: z.string() });

/**
 * `GET /api/v1/sales`: one row per subscription. `amount` is the plan's price as an exact decimal
 * ('150000.00'), null when the plan has none, in `currency` (the plan's); `created_at` is the sale's date.
 */
export const sale = z.object({
  id: z.number().int(),
  created_at: z.string(),
  customer: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  dsp: ref,
  plan: ref,
  amount: z.string().nullable(),
  currency: currencyCode,
  payment_method: paymentMethod.nullable(),
  status: z.enum(SALE_STATUSES),
});
export type Sale = z.infer<typeof sale>;

/** The sales in one currency: how many, and the exact decimal sum of their amounts. */
export const salesTotal = z.object({
  currency: currencyCode,
  count: z.number().int(),
  /** Exact decimal sum of the amounts ('0.00' when none have a price). */
  total_amount: z.string(),
});
export type SalesTotal = z.infer<typeof salesTotal>;

/**
 * `GET /api/v1/sales/summary`: the totals of every sale the same filters select, not only a page's.
 * Amounts in different currencies are never added up: one total per currency, by currency code.
 */
export const salesSummary = z.object({
  /** Every sale selected, whatever its currency. */
  count: z.number().int(),
  totals: z.array(salesTotal),
});
export type SalesSummary = z.infer<typeof salesSummary>;
