export {
  API_CLIENT_FALLBACKS,
  checkApiClientDeletion,
  createApiClient,
  deleteApiClient,
  fetchApiClient,
  fetchDspApiClients,
  updateApiClient,
} from './api/api-client.api';
export { apiClientQueries } from './api/api-client.queries';
export { RATE_LIMIT_PERIOD_LABELS, formatRateLimit } from './lib/format';
export type { ApiClient, ApiClientPayload, ApiClientType, ApiClientWithSecret, RateLimitPeriod } from './model/types';
export { ApiClientCard, type ApiClientCardProps } from './ui/api-client-card';
export { ApiClientEnabledBadge } from './ui/api-client-enabled-badge';
