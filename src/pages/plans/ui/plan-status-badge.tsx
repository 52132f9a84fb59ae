import { Badge } from '@mantine/core';
import { PLAN_STATUS_LABELS } from '@contract/plan.constants';
import type { PlanStatus } from '@/entities/plan';

/** Filled with automatic contrast, in the campaigns' shades, so every one stays readable. */
const PLAN_STATUS_COLORS: Record<PlanStatus, string> = { DRAFT: 'gray.7', ACTIVE: 'teal.9', INACTIVE: 'red.8' };

/** Borrador, Activo or Inactivo. */
export function PlanStatusBadge({ status }: { status: PlanStatus }) {
  return (
    <Badge color={PLAN_STATUS_COLORS[status]} variant="filled" autoContrast radius="sm">
      {PLAN_STATUS_LABELS[status]}
    </Badge>
  );
}
