import type { EntitlementStatus } from '../api/entitlement.api';

/** Distinct colours, dark enough for white text (autoContrast picks dark text on the yellow). */
export const ENTITLEMENT_STATUS_COLORS: Record<EntitlementStatus, string> = {
  ACTIVE: 'teal.9',
  SUSPENDED: 'yellow.5',
  CANCELLED: 'red.8',
  EXPIRED: 'gray.7',
  PENDING: 'indigo.8',
};
