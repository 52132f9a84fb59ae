export { PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from '@contract/entitlement.constants';
export { SALE_STATUS_LABELS } from '@contract/sale.constants';

import type { TableColumn } from '@contract/preferences.constants';

/** The table's columns, by id (contract's TABLE_COLUMNS), each of which a person may show, hide and reorder. */
export const SALES_COLUMN_LABELS: Record<TableColumn<'sales'>, string> = {
  customer: 'Cliente',
  dsp: 'DSP',
  plan: 'Plan',
  created_at: 'Fecha',
  amount: 'Monto',
  method: 'Método de pago',
  status: 'Estado',
};
