import type { SaleStatus } from './search';

export const SALE_STATUS_LABELS: Record<SaleStatus, string> = {
  pendiente: 'Pendiente',
  pagado: 'Pagado',
  cancelado: 'Cancelado',
};

export const PAYMENT_METHOD_LABELS = {
  efectivo: 'Efectivo',
  tarjeta: 'Tarjeta',
  transferencia: 'Transferencia',
  cheque: 'Cheque',
} as const;

export const SALES_COLUMNS = ['Cliente', 'Plan', 'Fecha', 'Monto (COP)', 'Método de pago', 'Estado'] as const;
