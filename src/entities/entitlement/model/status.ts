import type { BadgeTone } from '@/shared/ui/status-badge';
import type { EntitlementStatus } from '../api/entitlement.api';

/** Each status's tone, as every status badge of the panel reads it. */
export const ENTITLEMENT_STATUS_TONES: Record<EntitlementStatus, BadgeTone> = {
  ACTIVE: 'active',
  SUSPENDED: 'paused',
  CANCELLED: 'cancelled',
  EXPIRED: 'off',
  PENDING: 'pending',
};
