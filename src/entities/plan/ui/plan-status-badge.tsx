import { Badge } from '@mantine/core';
import { PLAN_STATUS_COLORS, PLAN_STATUS_LABELS } from '../model/status';
import type { PlanStatus } from '../api/plan.api';

/** Borrador, Activo or Inactivo. */
export function PlanStatusBadge({ status }: { status: PlanStatus }) {
  return (
    <Badge color={PLAN_STATUS_COLORS[status] ?? 'gray.7'} variant="filled" autoContrast radius="sm" style={{ flexShrink: 0, overflow: 'visible' }}>
      {PLAN_STATUS_LABELS[status] ?? status}
    </Badge>
  );
}
