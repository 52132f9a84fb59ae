import { DEFAULT_RATE_LIMIT_PERIOD, apiClientFields, apiClientUpdateFields } from '@contract/api-client';
import type { ApiClient, ApiClientPayload, ApiClientType, RateLimitPeriod } from '@/entities/api-client';

export interface ApiClientFormValues {
  name: string;
  base_url: string;
  client_id: string;
  /** Typed by the person; on edit, empty keeps the stored secret. */
  client_secret: string;
  /** The server makes the secret instead (on create), or a new one (on edit, after a confirmation). */
  generate_secret: boolean;
  type: ApiClientType;
  enabled: boolean;
  /** One entry per comma or line. */
  scopes: string;
  ip_whitelist: string;
  rate_limit: {
    /** A number, or '' (Mantine's NumberInput) for no limit. */
    max_requests: number | string;
    period: RateLimitPeriod;
  };
}

/** A new client starts as an enabled BACKEND without limit; an edit starts from the client, never from its secret. */
export const initialApiClientFormValues = (client: ApiClient | null): ApiClientFormValues => ({
  name: client?.name ?? '',
  base_url: client?.base_url ?? '',
  client_id: client?.client_id ?? '',
  client_secret: '',
  generate_secret: false,
  type: client?.type ?? 'BACKEND',
  enabled: client?.enabled ?? true,
  scopes: (client?.scopes ?? []).join('\n'),
  ip_whitelist: (client?.ip_whitelist ?? []).join('\n'),
  rate_limit: {
    max_requests: client?.rate_limit?.max_requests ?? '',
    period: client?.rate_limit?.period ?? DEFAULT_RATE_LIMIT_PERIOD,
  },
});

/**
 * The API's own rules and messages: name and client_id required, and a secret on create unless
 * the server generates it; base_url http(s); lists split on commas and lines; the max a whole
 * number ≥ 0. That each IP is an address or a CIDR range and that client_id is free the server
 * says, under the field.
 */
export const apiClientFormSchema = (editing: boolean) => (editing ? apiClientUpdateFields : apiClientFields);

/**
 * What is sent, as the contract reads the form (trimmed, lists split and deduplicated, an empty
 * max clearing the limit): every field, the secret only when typed, `generate_secret` only when
 * chosen.
 */
export const toApiClientPayload = (values: ApiClientFormValues): ApiClientPayload => {
  const read = apiClientUpdateFields.parse(values);
  return {
    name: read.name,
    base_url: read.base_url ?? '',
    client_id: read.client_id,
    ...(values.generate_secret ? { generate_secret: true } : read.client_secret !== undefined ? { client_secret: read.client_secret } : {}),
    type: read.type,
    enabled: read.enabled,
    scopes: read.scopes ?? [],
    ip_whitelist: read.ip_whitelist ?? [],
    rate_limit: {
      max_requests: read.rate_limit?.max_requests ?? '',
      period: read.rate_limit?.period ?? DEFAULT_RATE_LIMIT_PERIOD,
    },
  };
};
