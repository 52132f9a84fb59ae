export { CUSTOMER_FALLBACKS, fetchCustomer, fetchCustomers } from './api/customer.api';
export { customerQueries } from './api/customer.queries';
export type { Customer, CustomerMeta } from './model/types';
