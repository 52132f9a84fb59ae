import type { Customer, CustomerDspPlans, CustomerMeta, CustomerUpdateFields } from '@contract/customer';

export type { Customer, CustomerDspPlans, CustomerMeta };

/** A plan the customer's DSP sells, as the customer form offers it. */
export type CustomerPlanOption = CustomerDspPlans['plans'][number];

/**
 * What the customer form sends (JSON): every field, the plans as the customer's whole list; the
 * password only when one was typed (required on create).
 */
export type CustomerPayload = Required<Pick<CustomerUpdateFields, 'dni' | 'name' | 'email' | 'plan_id'>> & {
  phone: string | null;
  meta: { address: string | null; city: string | null };
  password?: string;
  password_confirmation?: string;
};
