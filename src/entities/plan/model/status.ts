import { PLAN_STATUSES } from '@contract/campaign-status';
import { PLAN_STATUS_LABELS } from '@contract/plan.constants';
import type { PlanStatus } from '../api/plan.api';

export { PLAN_STATUSES, PLAN_STATUS_LABELS };

/** Badge colours; filled with automatic contrast, so every one stays readable. */
export const PLAN_STATUS_COLORS: Record<PlanStatus, string> = {
  DRAFT: 'gray.7',
  ACTIVE: 'teal.9',
  INACTIVE: 'red.8',
};
