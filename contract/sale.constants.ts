// No zod here: the panel's /ventas page and the component tests' mock server read these without
// loading the schemas.
import type { EntitlementStatus } from './entitlement.constants';

/** A sale's status, as staff filter sales. */
export const SALE_STATUSES = ['pendiente', 'pagado', 'cancelado'] as const;
export type SaleStatus = (typeof SALE_STATUSES)[number];

export const SALE_STATUS_LABELS: Record<SaleStatus, string> = {
  pendiente: 'Pendiente',
  pagado: 'Pagado',
  cancelado: 'Cancelado',
};

/**
 * A sale is a subscription; its status comes from the subscription's: paid once it ran (ACTIVE, or
 * EXPIRED after running), pending while it waits or is held (PENDING, SUSPENDED), cancelled when
 * CANCELLED.
 */
export const SALE_STATUS_OF: Record<EntitlementStatus, SaleStatus> = {
  ACTIVE: 'pagado',
  EXPIRED: 'pagado',
  PENDING: 'pendiente',
  SUSPENDED: 'pendiente',
  CANCELLED: 'cancelado',
};

/** The subscription statuses each sale status covers. */
export const ENTITLEMENT_STATUSES_OF_SALE: Record<SaleStatus, EntitlementStatus[]> = {
  pagado: ['ACTIVE', 'EXPIRED'],
  pendiente: ['PENDING', 'SUSPENDED'],
  cancelado: ['CANCELLED'],
};

/** The mapping as the API and the README document it. */
export const SALE_STATUS_TEXT =
  'El estado de una venta sale del de su suscripción: pagado = ACTIVE o EXPIRED; pendiente = PENDING o SUSPENDED; cancelado = CANCELLED.';

export const SALE_SORTS = ['created_at', 'amount'] as const;
/** Newest first. */
export const SALE_DEFAULT_SORT = '-created_at';
export const SALE_PAGE_SIZE = 15;

/**
 * Days in the `from`/`to` filters are Bogotá days (UTC−5 all year: Colombia keeps no summer time),
 * so a sale at 21:00 on the 31st in Bogotá counts on the 31st.
 */
export const SALE_TIME_ZONE_OFFSET = '-05:00';

export const SALES_CSV_HEADER = ['Fecha', 'Cliente', 'Email', 'DSP', 'Plan', 'Monto', 'Moneda', 'Método de pago', 'Estado'] as const;
export const CUSTOMERS_CSV_HEADER = ['DNI', 'Nombre', 'Email', 'Teléfono', 'Dirección', 'Ciudad', 'Planes', 'Creado'] as const;
