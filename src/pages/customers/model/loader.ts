import { customerQueries } from '@/entities/customer';
import type { PageLoad } from '@/shared/lib';
import { customerListParams, routeDspId, type CustomersSearch } from './search';

/** Starts loading the DSP's name and plans and its customers while the page's code loads. */
export const prefetch = ({ queryClient, params, search }: PageLoad<CustomersSearch, { dspId: string }>) => {
  const dspId = routeDspId(params.dspId);
  if (dspId === undefined) return;
  void queryClient.prefetchQuery(customerQueries.dspPlans(dspId));
  void queryClient.prefetchQuery(customerQueries.list(dspId, customerListParams(search)));
};
