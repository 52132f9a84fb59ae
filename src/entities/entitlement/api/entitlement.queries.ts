import { queryOptions } from '@tanstack/react-query';
import { fetchEntitlement } from './entitlement.api';

/**
 * Query keys and options for one subscription. The subscriptions modal reads them through the
 * customer's detail (`customerQueries.detail`), which a status change updates and invalidates.
 */
export const entitlementQueries = {
  all: () => ['entitlements'] as const,
  details: () => [...entitlementQueries.all(), 'detail'] as const,
  detail: (id: number) =>
    queryOptions({
      queryKey: [...entitlementQueries.details(), id] as const,
      queryFn: ({ signal }) => fetchEntitlement(id, signal),
    }),
};
