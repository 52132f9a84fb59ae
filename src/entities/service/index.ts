export {
  SERVICE_FALLBACKS,
  checkServiceDeletion,
  createService,
  deleteService,
  fetchPlanServices,
  fetchService,
  fetchServices,
  updateService,
  serviceDeletion,
  serviceQueries,
  type EventPeriod,
  type Service,
  type ServicePayload,
} from './api/service.api';
export { formatServiceCoverage, formatServiceEvents } from './lib/format';
export { ServiceActiveBadge } from './ui/service-active-badge';
export { ServiceCard, type ServiceCardProps } from './ui/service-card';
