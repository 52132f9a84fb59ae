import { useMutation, useQueryClient } from '@tanstack/react-query';
import { customerQueries, type Customer } from '@/entities/customer';
import { changeEntitlementStatus, type Entitlement, type EntitlementDetail, type EntitlementStatus } from '@/entities/entitlement';

export interface StatusChange {
  entitlementId: number;
  status: EntitlementStatus;
  reason: string;
}

/** The customer with one subscription replaced by `change(it)`; the others untouched. */
const withEntitlement = (customer: Customer | undefined, id: number, change: (entitlement: Entitlement) => Entitlement) =>
  customer && { ...customer, entitlements: customer.entitlements?.map((entitlement) => (entitlement.id === id ? change(entitlement) : entitlement)) };

/**
 * Changes a subscription's status optimistically: the customer's cached detail shows the new status
 * at once; a refusal puts back the subscription as it was before (only that one, so a change made
 * meanwhile on another subscription survives); either way the customer and the lists reload, which
 * brings the history's new row or the server's truth.
 */
export function useChangeEntitlementStatus(customerId: number) {
  const queryClient = useQueryClient();
  const { queryKey } = customerQueries.detail(customerId);
  return useMutation({
    mutationFn: ({ entitlementId, status, reason }: StatusChange) => changeEntitlementStatus(entitlementId, { status, reason }),
    onMutate: async ({ entitlementId, status }) => {
      // A reload under way would otherwise land after the optimistic status and erase it.
      await queryClient.cancelQueries({ queryKey });
      const before = queryClient.getQueryData(queryKey)?.entitlements?.find((entitlement) => entitlement.id === entitlementId);
      queryClient.setQueryData(queryKey, (customer) => withEntitlement(customer, entitlementId, (entitlement) => ({ ...entitlement, status })));
      return { before };
    },
    onError: (_error, { entitlementId }, context) => {
      const before = context?.before;
      if (before) queryClient.setQueryData(queryKey, (customer) => withEntitlement(customer, entitlementId, () => before));
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
