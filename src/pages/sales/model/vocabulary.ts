export { PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from '@contract/entitlement.constants';
export { SALE_STATUS_LABELS } from '@contract/sale.constants';

export const SALES_COLUMNS = ['Cliente', 'DSP', 'Plan', 'Fecha', 'Monto', 'Método de pago', 'Estado'] as const;
