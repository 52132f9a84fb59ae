import type { ConnectorDriver, ConnectorType } from '../api/connector.api';

/** How staff read each driver and type; the API's own word stays in brackets. */
export const CONNECTOR_DRIVER_LABELS: Record<ConnectorDriver, string> = { database: 'Base de datos (database)', api: 'API (api)' };
export const CONNECTOR_TYPE_LABELS: Record<ConnectorType, string> = { BOOKING: 'Reservas (BOOKING)', PAYMENT: 'Pagos (PAYMENT)' };
