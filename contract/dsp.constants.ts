// No zod here: the panel's pages and the component tests' mock server read these without
// loading the schemas.

/** What a DSP does: sells plans, takes bookings, or both. SALE is the default. */
export const DSP_TYPES = ['SALE', 'BOOKING', 'MIXED'] as const;
export type DspType = (typeof DSP_TYPES)[number];
export const DSP_TYPE_LABELS: Record<DspType, string> = { SALE: 'Venta', BOOKING: 'Reserva', MIXED: 'Mixto' };

/** How a connector reaches the DSP's system. */
export const CONNECTOR_DRIVERS = ['database', 'api'] as const;
export type ConnectorDriver = (typeof CONNECTOR_DRIVERS)[number];
/** What a connector carries. */
export const CONNECTOR_TYPES = ['BOOKING', 'PAYMENT'] as const;
export type ConnectorType = (typeof CONNECTOR_TYPES)[number];

export const API_CLIENT_TYPES = ['BACKEND', 'PARTNER', 'INTEGRATOR', 'ANALYTICS'] as const;
export type ApiClientType = (typeof API_CLIENT_TYPES)[number];
/** The window of an API client's rate limit; hour is the default. */
export const RATE_LIMIT_PERIODS = ['minute', 'hour', 'day'] as const;
export type RateLimitPeriod = (typeof RATE_LIMIT_PERIODS)[number];

export const DSP_NOT_FOUND = 'La DSP no existe.';
