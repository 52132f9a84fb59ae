import type { ApiClient, ApiClientType, ApiClientWithSecret, RateLimitPeriod } from '@contract/api-client';

export type { ApiClient, ApiClientType, ApiClientWithSecret, RateLimitPeriod };

/**
 * What the client form sends (multipart, PHP-style brackets). An empty list is sent as '' so an
 * update clears it (an empty array would send nothing and keep the stored one); an empty max
 * clears the rate limit. On an update a field left out keeps its stored value.
 */
export interface ApiClientPayload {
  name?: string;
  base_url?: string;
  client_id?: string;
  /** Only when typed: on an update, leaving it out keeps the stored secret. */
  client_secret?: string;
  /** The server makes a strong secret and answers it once. */
  generate_secret?: boolean;
  type?: ApiClientType;
  enabled?: boolean;
  scopes?: string[];
  ip_whitelist?: string[];
  rate_limit?: { max_requests: number | ''; period: RateLimitPeriod };
}
