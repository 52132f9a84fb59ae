export {
  API_CLIENT_FALLBACKS,
  checkApiClientDeletion,
  createApiClient,
  deleteApiClient,
  fetchApiClient,
  fetchDspApiClients,
  updateApiClient,
  apiClientDeletion,
  apiClientQueries,
  type ApiClient,
  type ApiClientPayload,
  type ApiClientType,
  type ApiClientWithSecret,
  type RateLimitPeriod,
} from './api/api-client.api';
export { RATE_LIMIT_PERIOD_LABELS, formatRateLimit } from './lib/format';
export { ApiClientCard, type ApiClientCardProps } from './ui/api-client-card';
export { ApiClientEnabledBadge } from './ui/api-client-enabled-badge';
