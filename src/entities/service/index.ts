export {
  SERVICE_FALLBACKS,
  checkServiceDeletion,
  createService,
  deleteService,
  fetchPlanServices,
  fetchService,
  updateService,
} from './api/service.api';
export { serviceQueries } from './api/service.queries';
export type { EventPeriod, Service, ServicePayload } from './model/types';
