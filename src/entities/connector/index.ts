export {
  CONNECTOR_FALLBACKS,
  checkConnectorDeletion,
  createConnector,
  deleteConnector,
  fetchConnector,
  fetchDspConnectors,
  updateConnector,
  connectorDeletion,
  connectorQueries,
  type Connector,
  type ConnectorDriver,
  type ConnectorPayload,
  type ConnectorPlan,
  type ConnectorType,
  type PlanMapping,
} from './api/connector.api';
export { CONNECTOR_DRIVER_LABELS, CONNECTOR_TYPE_LABELS } from './model/labels';
export { ConnectorCard, type ConnectorCardProps } from './ui/connector-card';
export { ConnectorCardSkeleton } from './ui/connector-card-skeleton';
export { ConnectorStatusBadge } from './ui/connector-status-badge';
