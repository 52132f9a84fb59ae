import { ENTITLEMENT_ANSWERS } from '@contract/entitlement';
import { customerQueries } from '@/entities/customer';
import { createEntitlement, type NewEntitlement } from '@/entities/entitlement';
import { useSaveMutation } from '@/shared/lib/use-save-mutation';

/** Subscribes the customer to a plan, then the customer and the lists reload with the new subscription. */
export function useCreateEntitlement(onCreated: () => void) {
  return useSaveMutation({
    mutationFn: (fields: NewEntitlement) => createEntitlement(fields),
    invalidate: (_saved, { customer_id }) => [customerQueries.detail(customer_id).queryKey, customerQueries.lists()],
    successMessage: ENTITLEMENT_ANSWERS.created,
    onSaved: onCreated,
  });
}
