export { EntitlementStatusControl, type EntitlementStatusControlProps } from './ui/entitlement-status-control';
export { useChangeEntitlementStatus, type StatusChange } from './model/use-change-entitlement-status';
