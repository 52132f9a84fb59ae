import { saleQueries } from '@/entities/sale';
import type { PageLoad } from '@/shared/lib';
import { salesFilters, salesListParams, type SalesSearch } from './search';

/** Starts loading the sales and their totals while the page's code loads. */
export const prefetch = ({ queryClient, search }: PageLoad<SalesSearch, unknown>) => {
  void queryClient.prefetchQuery(saleQueries.list(salesListParams(search)));
  void queryClient.prefetchQuery(saleQueries.summary(salesFilters(search)));
};
