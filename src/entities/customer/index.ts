export {
  CUSTOMER_FALLBACKS,
  checkCustomerDeletion,
  createCustomer,
  deleteCustomer,
  exportCustomers,
  fetchCustomer,
  fetchCustomerDspPlans,
  fetchCustomers,
  updateCustomer,
} from './api/customer.api';
export { customerQueries } from './api/customer.queries';
export { customerPlanNames } from './lib/plan-names';
export type { Customer, CustomerDspPlans, CustomerMeta, CustomerPayload, CustomerPlanOption } from './model/types';
export { CustomerCard, type CustomerCardProps } from './ui/customer-card';
export { CustomerCardSkeleton } from './ui/customer-card-skeleton';
