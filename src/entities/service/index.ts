export {
  SERVICE_FALLBACKS,
  checkServiceDeletion,
  createService,
  deleteService,
  fetchPlanServices,
  fetchService,
  fetchServices,
  updateService,
} from './api/service.api';
export { serviceQueries } from './api/service.queries';
export { formatServiceCoverage, formatServiceEvents } from './lib/format';
export type { EventPeriod, Service, ServicePayload } from './model/types';
export { ServiceActiveBadge } from './ui/service-active-badge';
export { ServiceCard, type ServiceCardProps } from './ui/service-card';
