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
export type { EventPeriod, Service, ServicePayload } from './model/types';
