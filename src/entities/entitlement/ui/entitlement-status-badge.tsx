import { ENTITLEMENT_STATUS_LABELS } from '@contract/entitlement.constants';
import { StatusBadge } from '@/shared/ui/status-badge';
import { ENTITLEMENT_STATUS_TONES } from '../model/status';
import type { EntitlementStatus } from '../api/entitlement.api';

/** Activo, Suspendido, Cancelado, Expirado or Pendiente. */
export function EntitlementStatusBadge({ status }: { status: EntitlementStatus }) {
  return <StatusBadge tone={ENTITLEMENT_STATUS_TONES[status]}>{ENTITLEMENT_STATUS_LABELS[status]}</StatusBadge>;
}
