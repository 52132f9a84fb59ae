import { PAYMENT_METHODS } from '@contract/payment-method';
import { SALE_PAGE_SIZE, SALE_STATUSES } from '@contract/sale.constants';
import { searchDate, searchEnum, searchNumber, searchSchema, searchText, type SearchOf } from '@/shared/lib';

export { SALE_STATUSES };
export type { SaleStatus } from '@contract/sale.constants';

/**
 * /ventas?q=…&status=pagado&method=tarjeta&dsp=3&from=2026-03-01&to=2026-03-31&page=2 and
 * columns=customer,amount (the table's columns in order); a bad value falls back to no filter.
 */
export const salesSearchSchema = searchSchema({
  q: searchText,
  status: searchEnum(SALE_STATUSES),
  method: searchEnum(PAYMENT_METHODS),
  dsp: searchNumber,
  from: searchDate,
  to: searchDate,
  page: searchNumber,
  view: searchNumber,
  columns: searchText,
});

export type SalesSearch = SearchOf<typeof salesSearchSchema>;

/** The filters of this search, as the list, its totals and the CSV export send them. */
export const salesFilters = ({ q, status, method, dsp, from, to }: SalesSearch) => ({ q, status, payment_method: method, dsp_id: dsp, from, to });

/** The page of sales for this search: newest first (the server's order). */
export const salesListParams = (search: SalesSearch) => ({ ...salesFilters(search), page: search.page ?? 1, limit: SALE_PAGE_SIZE });
