import { Badge } from '@mantine/core';
import { SALE_STATUS_LABELS } from '@contract/sale.constants';
import type { SaleStatus } from '../api/sale.api';

// Dark shades: the light ones fail the contrast check on white text.
const SALE_STATUS_COLORS: Record<SaleStatus, string> = {
  pagado: 'teal.9',
  pendiente: 'yellow.9',
  cancelado: 'red.8',
};

/** Pagado, Pendiente or Cancelado. */
export function SaleStatusBadge({ status }: { status: SaleStatus }) {
  return (
    <Badge color={SALE_STATUS_COLORS[status]} variant="filled" autoContrast radius="sm" style={{ flexShrink: 0, overflow: 'visible' }}>
      {SALE_STATUS_LABELS[status]}
    </Badge>
  );
}
