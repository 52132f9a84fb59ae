import { api, listSearchParams, type Paginated } from '@/shared/api';
import type { Sale, SaleFilters, SaleListParams, SalesSummary } from '../model/types';

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

/** The CSV of every sale the filters select (the bearer token goes with it, so no plain link). */
export const exportSales = (filters: SaleFilters) =>
  api.getFile('v1/sales/export', { searchParams: listSearchParams({ filter: { ...filters } }), fallback: SALE_FALLBACKS.export });
