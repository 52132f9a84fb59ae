import type { ApiClientType, RateLimitPeriod } from '../../../contract/dsp.constants';
import { generateToken, hashSecret } from '../../security/secrets';
import { anyOf } from '../any-of';
import type { Tx } from '../client';
import { apiClients, dsps } from '../schema';

interface DemoApiClient {
  /** The demo DSP it belongs to. */
  dsp: string;
  name: string;
  clientId: string;
  baseUrl: string;
  type: ApiClientType;
  scopes: string[];
  ipWhitelist: string[];
  rateLimit: { max: number; period: RateLimitPeriod } | null;
  enabled: boolean;
}

/** One API client per demo DSP, of every type, with and without an IP list or a rate limit. */
export const DEMO_API_CLIENTS: DemoApiClient[] = [
  {
    dsp: 'Andes Tienda Digital',
    name: 'Checkout web',
    clientId: 'andes-tienda-checkout',
    baseUrl: 'https://tienda.andesproteccion.com.co/api',
    type: 'BACKEND',
    scopes: ['plans:read', 'customers:write', 'entitlements:write'],
    ipWhitelist: ['190.24.18.0/24'],
    rateLimit: { max: 1000, period: 'hour' },
    enabled: true,
  },
  {
    dsp: 'Andes Agenda',
    name: 'Agenda de proveedores',
    clientId: 'andes-agenda-proveedores',
    baseUrl: 'https://agenda.andesproteccion.com.co/api',
    type: 'PARTNER',
    scopes: ['bookings:read', 'bookings:write'],
    ipWhitelist: ['181.49.102.17', '181.49.102.18'],
    rateLimit: { max: 60, period: 'minute' },
    enabled: true,
  },
  {
    dsp: 'Pacífico Beneficios',
    name: 'Integrador de pagos',
    clientId: 'pacifico-integrador-pagos',
    baseUrl: 'https://beneficios.bancopacificosur.pe/integraciones',
    type: 'INTEGRATOR',
    scopes: ['customers:read', 'entitlements:write'],
    ipWhitelist: [],
    rateLimit: { max: 20000, period: 'day' },
    enabled: true,
  },
  {
    dsp: 'Azteca Móvil',
    name: 'Tablero de analítica',
    clientId: 'azteca-analitica',
    baseUrl: 'https://movil.aztecamovilidad.mx/bi',
    type: 'ANALYTICS',
    scopes: ['reports:read'],
    ipWhitelist: [],
    rateLimit: null,
    enabled: false,
  },
];

/**
 * The demo DSPs' API clients (inside the demo's transaction). Each secret is random and stored
 * only as its hash, as the API stores it; it is never printed: staff make a new one from the
 * panel ('Generar nuevo secreto') when they need to call the API.
 */
export async function seedDemoApiClients(tx: Tx): Promise<void> {
  const names = [...new Set(DEMO_API_CLIENTS.map((client) => client.dsp))];
  const ids = new Map((await tx.select({ id: dsps.id, name: dsps.name }).from(dsps).where(anyOf(dsps.name, names))).map((row) => [row.name, row.id]));
  const rows = DEMO_API_CLIENTS.flatMap((client) => {
    const dspId = ids.get(client.dsp);
    if (dspId === undefined) return [];
    return [
      {
        dspId,
        name: client.name,
        clientId: client.clientId,
        clientSecretHash: hashSecret(generateToken()),
        baseUrl: client.baseUrl,
        type: client.type,
        scopes: client.scopes,
        ipWhitelist: client.ipWhitelist,
        rateLimitMax: client.rateLimit?.max ?? null,
        rateLimitPeriod: client.rateLimit?.period ?? null,
        enabled: client.enabled,
      },
    ];
  });
  if (rows.length > 0) await tx.insert(apiClients).values(rows);
}
