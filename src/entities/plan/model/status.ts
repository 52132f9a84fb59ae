import { PLAN_STATUSES } from '@contract/campaign-status';
import { PLAN_STATUS_LABELS } from '@contract/plan.constants';
import type { BadgeTone } from '@/shared/ui/status-badge';
import type { PlanStatus } from '../api/plan.api';

export { PLAN_STATUSES, PLAN_STATUS_LABELS };

/** Each status's tone, as every status badge of the panel reads it. */
export const PLAN_STATUS_TONES: Record<PlanStatus, BadgeTone> = {
  DRAFT: 'draft',
  ACTIVE: 'active',
  INACTIVE: 'off',
};
