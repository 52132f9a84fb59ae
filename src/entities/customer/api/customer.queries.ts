import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ListParams } from '@/shared/api';
import { fetchCustomer, fetchCustomerDspPlans, fetchCustomers } from './customer.api';

/** Query keys and options for customers; writes invalidate `lists()` and the customer's `detail`. */
export const customerQueries = {
  all: () => ['customers'] as const,
  lists: () => [...customerQueries.all(), 'list'] as const,
  list: (dspId: number, params: ListParams) =>
    queryOptions({
      queryKey: [...customerQueries.lists(), dspId, params] as const,
      queryFn: ({ signal }) => fetchCustomers(dspId, params, signal),
      // The grid keeps the previous page on screen while the next one loads.
      placeholderData: keepPreviousData,
    }),
  details: () => [...customerQueries.all(), 'detail'] as const,
  /** The customer with their subscriptions, periods and status histories. */
  detail: (id: number) =>
    queryOptions({
      queryKey: [...customerQueries.details(), id] as const,
      queryFn: ({ signal }) => fetchCustomer(id, signal),
    }),
  /** The DSP's name and the plans it sells (the page's subtitle, the form's plan choices). */
  dspPlans: (dspId: number) =>
    queryOptions({
      queryKey: [...customerQueries.all(), 'dsp-plans', dspId] as const,
      queryFn: ({ signal }) => fetchCustomerDspPlans(dspId, signal),
    }),
};
