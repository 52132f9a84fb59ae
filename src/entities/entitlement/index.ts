export { ENTITLEMENT_FALLBACKS, changeEntitlementStatus, createEntitlement, fetchEntitlement } from './api/entitlement.api';
export { entitlementQueries } from './api/entitlement.queries';
export { formatEntitlementDate, formatEntitlementTime } from './lib/format';
export { ENTITLEMENT_STATUS_COLORS } from './model/status';
export type {
  Entitlement,
  EntitlementDetail,
  EntitlementPeriod,
  EntitlementStatus,
  EntitlementStatusFields,
  EntitlementStatusHistory,
  NewEntitlement,
} from './model/types';
export { EntitlementHistory } from './ui/entitlement-history';
export { EntitlementPeriods } from './ui/entitlement-periods';
export { EntitlementStatusBadge } from './ui/entitlement-status-badge';
