import type { Customer, CustomerPlanOption } from '../api/customer.api';

/**
 * The names of the plans a customer holds (`plan_id`: their subscriptions that are not cancelled),
 * in that order. A name comes from the customer's own subscriptions (`entitlements.plan`) or else
 * from the DSP's plans; a plan known by neither shows as 'Plan {id}'.
 */
export const customerPlanNames = (customer: Customer, dspPlans: readonly CustomerPlanOption[] = []): string[] => {
  const names = new Map<number, string>();
  for (const plan of dspPlans) names.set(plan.id, plan.name);
  for (const entitlement of customer.entitlements ?? []) if (entitlement.plan) names.set(entitlement.plan.id, entitlement.plan.name);
  return customer.plan_id.map((id) => names.get(id) ?? `Plan ${id}`);
};
