export {
  CUSTOMER_FALLBACKS,
  checkCustomerDeletion,
  createCustomer,
  deleteCustomer,
  fetchCustomer,
  fetchCustomerDspPlans,
  fetchCustomers,
  updateCustomer,
  customerDeletion,
  customerQueries,
  type Customer,
  type CustomerDspPlans,
  type CustomerMeta,
  type CustomerPayload,
  type CustomerPlanOption,
} from './api/customer.api';
export { customerPlanNames } from './lib/plan-names';
export { CustomerCard, type CustomerCardProps } from './ui/customer-card';
export { CustomerCardSkeleton } from './ui/customer-card-skeleton';
