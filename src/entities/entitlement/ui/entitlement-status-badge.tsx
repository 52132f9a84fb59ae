import { ENTITLEMENT_STATUS_LABELS } from '@contract/entitlement.constants';
import { Badge } from '@mantine/core';
import { ENTITLEMENT_STATUS_COLORS } from '../model/status';
import type { EntitlementStatus } from '../api/entitlement.api';

/** Activo, Suspendido, Cancelado, Expirado or Pendiente. */
export function EntitlementStatusBadge({ status }: { status: EntitlementStatus }) {
  return (
    <Badge color={ENTITLEMENT_STATUS_COLORS[status]} variant="filled" autoContrast radius="sm" style={{ flexShrink: 0, overflow: 'visible' }}>
      {ENTITLEMENT_STATUS_LABELS[status]}
    </Badge>
  );
}
