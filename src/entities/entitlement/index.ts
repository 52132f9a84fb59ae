export {
  ENTITLEMENT_FALLBACKS,
  changeEntitlementStatus,
  createEntitlement,
  fetchEntitlement,
  entitlementQueries,
  type Entitlement,
  type EntitlementDetail,
  type EntitlementPeriod,
  type EntitlementStatus,
  type EntitlementStatusFields,
  type EntitlementStatusHistory,
  type NewEntitlement,
} from './api/entitlement.api';
export { entitlementFinalStatusQuestion } from './lib/final-status';
export { formatEntitlementDate, formatEntitlementTime } from './lib/format';
export { ENTITLEMENT_STATUS_TONES } from './model/status';
export { EntitlementHistory } from './ui/entitlement-history';
export { EntitlementPeriods } from './ui/entitlement-periods';
export { EntitlementStatusBadge } from './ui/entitlement-status-badge';
