export { CreateEntitlementForm, type CreateEntitlementFormProps, type PlanOption } from './ui/create-entitlement-form';
