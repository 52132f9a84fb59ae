import { useMutation, useQueryClient } from '@tanstack/react-query';
import { customerQueries, type Customer } from '@/entities/customer';
import { changeEntitlementStatus, type Entitlement, type EntitlementDetail, type EntitlementStatus } from '@/entities/entitlement';
import { staleRecord } from '@/shared/api';

export interface StatusChange {
  entitlementId: number;
  status: EntitlementStatus;
  reason: string;
  /** The subscription's version as the person saw it: a change made meanwhile by someone else wins (409). */
  version?: number;
}

/** The customer with one subscription replaced by `change(it)`; the others untouched. */
const withEntitlement = (customer: Customer | undefined, id: number, change: (entitlement: Entitlement) => Entitlement) =>
  customer && { ...customer, entitlements: customer.entitlements?.map((entitlement) => (entitlement.id === id ? change(entitlement) : entitlement)) };

/**
 * Changes a subscription's status optimistically: the customer's cached detail shows the new status
 * at once; a refusal puts back the subscription as it was before, or as it is now when someone else
 * changed it (only that one, so a change made
 * meanwhile on another subscription survives); either way the customer and the lists reload, which
 * brings the history's new row or the server's truth.
 */
export function useChangeEntitlementStatus(customerId: number) {
  const queryClient = useQueryClient();
  const { queryKey } = customerQueries.detail(customerId);
  return useMutation({
    mutationFn: ({ entitlementId, status, reason, version }: StatusChange) => changeEntitlementStatus(entitlementId, { status, reason }, version),
    onMutate: async ({ entitlementId, status }) => {
      // A reload under way would otherwise land after the optimistic status and erase it.
      await queryClient.cancelQueries({ queryKey });
      const before = queryClient.getQueryData(queryKey)?.entitlements?.find((entitlement) => entitlement.id === entitlementId);
      queryClient.setQueryData(queryKey, (customer) => withEntitlement(customer, entitlementId, (entitlement) => ({ ...entitlement, status })));
      return { before };
    },
    onError: (error, { entitlementId }, context) => {
      // Refused because someone else changed it: the select shows the status it has now.
      const current = staleRecord<EntitlementDetail>(error);
      const before = context?.before;
      if (before) queryClient.setQueryData(queryKey, (customer) => withEntitlement(customer, entitlementId, () => (current ? { ...before, ...current } : before)));
    },
    onSuccess: (saved: EntitlementDetail) => {
      queryClient.setQueryData(queryKey, (customer) => withEntitlement(customer, saved.id, (entitlement) => ({ ...entitlement, ...saved })));
    },
    onSettled: () => {
      // Not awaited: the refusal (or the saved status) shows at once, while the reload runs behind it.
      void queryClient.invalidateQueries({ queryKey });
      void queryClient.invalidateQueries({ queryKey: customerQueries.lists() });
    },
  });
}
