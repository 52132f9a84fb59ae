import { SALE_STATUS_LABELS } from '@contract/sale.constants';
import { StatusBadge, type BadgeTone } from '@/shared/ui/status-badge';
import type { SaleStatus } from '../api/sale.api';

const SALE_STATUS_TONES: Record<SaleStatus, BadgeTone> = {
  pagado: 'active',
  pendiente: 'pending',
  cancelado: 'cancelled',
};

/** Pagado, Pendiente or Cancelado. */
export function SaleStatusBadge({ status }: { status: SaleStatus }) {
  return <StatusBadge tone={SALE_STATUS_TONES[status]}>{SALE_STATUS_LABELS[status]}</StatusBadge>;
}
