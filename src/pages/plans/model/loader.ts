import { planQueries } from '@/entities/plan';
import type { PageLoad } from '@/shared/lib';
import { plansListParams, type PlansSearch } from './search';

/** Starts loading the plans while the page's code loads. */
export const prefetch = ({ queryClient, search }: PageLoad<PlansSearch, unknown>) => {
  void queryClient.prefetchQuery(planQueries.list(plansListParams(search)));
};
