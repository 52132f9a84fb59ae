import type { Customer } from '@/entities/customer';

export interface SubscriptionsModalProps {
  /** The customer whose subscriptions are shown; null keeps the modal closed. */
  customer: Customer | null;
  dspId: number;
  onClose: () => void;
}

/** Placeholder: replaced by its own slice of work. */
export function SubscriptionsModal({ customer }: SubscriptionsModalProps) {
  return customer ? <p>{customer.name}</p> : null;
}
