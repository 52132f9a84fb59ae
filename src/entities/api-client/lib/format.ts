import type { ApiClient, RateLimitPeriod } from '../api/api-client.api';

/** How staff read each rate-limit period. */
export const RATE_LIMIT_PERIOD_LABELS: Record<RateLimitPeriod, string> = { minute: 'minuto', hour: 'hora', day: 'día' };

/** '100 / hora', or 'Sin límite'. */
export const formatRateLimit = (limit: ApiClient['rate_limit']): string =>
  limit ? `${limit.max_requests.toLocaleString('es-CO')} / ${RATE_LIMIT_PERIOD_LABELS[limit.period]}` : 'Sin límite';
