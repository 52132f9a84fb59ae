import type { PaymentMethod } from '@contract/entitlement.constants';
import type { Sale, SalesSummary, SaleStatus } from '@contract/sale';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, entityKeys, listSearchParams, type Paginated } from '@/shared/api';

export type { PaymentMethod, Sale, SaleStatus, SalesSummary };

/** The filters of `/api/v1/sales`, its totals and its CSV; dates are YYYY-MM-DD, inclusive, Bogotá days. */
export interface SaleFilters {
  status?: SaleStatus;
  payment_method?: PaymentMethod;
  dsp_id?: number;
  q?: string;
  from?: string;
  to?: string;
}

/** A page of `/api/v1/sales`: the filters, the page and its size. */
export interface SaleListParams extends SaleFilters {
  page?: number;
  limit?: number;
}

/** What staff read when a sales call fails without a message of its own. */
export const SALE_FALLBACKS = {
  list: 'No se pudieron cargar las ventas',
  summary: 'No se pudieron calcular los totales',
  export: 'No se pudieron exportar las ventas',
} as const;

export const fetchSales = ({ page, limit, ...filters }: SaleListParams, signal?: AbortSignal) =>
  api.get<Paginated<Sale>>('v1/sales', { searchParams: listSearchParams({ filter: { ...filters }, page, limit }), fallback: SALE_FALLBACKS.list, signal });

/** How many sales the filters select and the sum of their amounts (all of them, not a page). */
export const fetchSalesSummary = (filters: SaleFilters, signal?: AbortSignal) =>
  api.get<SalesSummary>('v1/sales/summary', { searchParams: listSearchParams({ filter: { ...filters } }), fallback: SALE_FALLBACKS.summary, signal });

const keys = entityKeys('sales');

/**
 * Query keys and options for sales. Sales are subscriptions: a subscription's change elsewhere
 * changes them, so they are read fresh each time the page opens.
 */
export const saleQueries = {
  ...keys,
  list: (params: SaleListParams) =>
    queryOptions({
      queryKey: [...keys.lists(), params] as const,
      queryFn: ({ signal }) => fetchSales(params, signal),
      // The table keeps the previous page on screen while the next one loads.
      placeholderData: keepPreviousData,
      staleTime: 0,
    }),
  summaries: () => [...keys.all(), 'summary'] as const,
  summary: (filters: SaleFilters) =>
    queryOptions({
      queryKey: [...saleQueries.summaries(), filters] as const,
      queryFn: ({ signal }) => fetchSalesSummary(filters, signal),
      placeholderData: keepPreviousData,
      staleTime: 0,
    }),
};
