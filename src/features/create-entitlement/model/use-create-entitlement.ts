import { useMutation, useQueryClient } from '@tanstack/react-query';
import { customerQueries } from '@/entities/customer';
import { createEntitlement, type NewEntitlement } from '@/entities/entitlement';

/** Subscribes the customer to a plan, then the customer and the lists reload with the new subscription. */
export function useCreateEntitlement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fields: NewEntitlement) => createEntitlement(fields),
    onSuccess: (_saved, { customer_id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: customerQueries.detail(customer_id).queryKey }),
        queryClient.invalidateQueries({ queryKey: customerQueries.lists() }),
      ]),
  });
}
