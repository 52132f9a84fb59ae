import { StatusBadge } from '@/shared/ui/status-badge';
import { PLAN_STATUS_LABELS, PLAN_STATUS_TONES } from '../model/status';
import type { PlanStatus } from '../api/plan.api';

/** Borrador, Activo or Inactivo. */
export function PlanStatusBadge({ status }: { status: PlanStatus }) {
  return <StatusBadge tone={PLAN_STATUS_TONES[status] ?? 'off'}>{PLAN_STATUS_LABELS[status] ?? status}</StatusBadge>;
}
