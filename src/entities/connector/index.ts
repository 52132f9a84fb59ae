export {
  CONNECTOR_FALLBACKS,
  checkConnectorDeletion,
  createConnector,
  deleteConnector,
  fetchConnector,
  fetchDspConnectors,
  updateConnector,
} from './api/connector.api';
export { connectorQueries } from './api/connector.queries';
export { CONNECTOR_DRIVER_LABELS, CONNECTOR_TYPE_LABELS } from './model/labels';
export type { Connector, ConnectorDriver, ConnectorPayload, ConnectorPlan, ConnectorType, PlanMapping } from './model/types';
export { ConnectorCard, type ConnectorCardProps } from './ui/connector-card';
export { ConnectorCardSkeleton } from './ui/connector-card-skeleton';
export { ConnectorStatusBadge } from './ui/connector-status-badge';
