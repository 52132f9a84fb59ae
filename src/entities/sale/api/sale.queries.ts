import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { SaleFilters, SaleListParams } from '../model/types';
import { fetchSales, fetchSalesSummary } from './sale.api';

/**
 * Query keys and options for sales. Sales are subscriptions: a subscription's change elsewhere
 * changes them, so they are read fresh each time the page opens.
 */
export const saleQueries = {
  all: () => ['sales'] as const,
  lists: () => [...saleQueries.all(), 'list'] as const,
  list: (params: SaleListParams) =>
    queryOptions({
      queryKey: [...saleQueries.lists(), params] as const,
      queryFn: ({ signal }) => fetchSales(params, signal),
      // The table keeps the previous page on screen while the next one loads.
      placeholderData: keepPreviousData,
      staleTime: 0,
    }),
  summaries: () => [...saleQueries.all(), 'summary'] as const,
  summary: (filters: SaleFilters) =>
    queryOptions({
      queryKey: [...saleQueries.summaries(), filters] as const,
      queryFn: ({ signal }) => fetchSalesSummary(filters, signal),
      placeholderData: keepPreviousData,
      staleTime: 0,
    }),
};
