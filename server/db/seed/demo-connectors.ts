import { asc, count, eq } from 'drizzle-orm';
import type { ConnectorDriver } from '../../../contract/dsp.constants';
import type { CredentialBox } from '../../security/credentials';
import { anyOf } from '../any-of';
import type { Db } from '../client';
import { connectorPlans, connectors, dspPlans, dsps } from '../schema';
import { DEMO_DSPS } from './demo';

interface DemoConnector {
  key: string;
  driver: ConnectorDriver;
  /** The credential inside is sealed before it is stored, as the connectors service does. */
  settings: Record<string, unknown>;
  params: Record<string, unknown>;
  policy: string;
  /** Prefix of the external plan ids: 'AND' gives AND-PLAN-001, AND-PLAN-002 … */
  externalPrefix: string;
}

/** The demo DSPs that take bookings (BOOKING or MIXED) get one booking connector each. */
const BOOKS = new Set(['BOOKING', 'MIXED']);

/** A believable connector for each booking demo DSP: one over HTTP, one over its database. */
export const DEMO_CONNECTORS: Record<string, DemoConnector> = {
  'Andes Agenda': {
    key: 'andes-agenda-api',
    driver: 'api',
    settings: {
      endpoint: 'https://agenda.andesproteccion.com.co/api/v2/reservas',
      method: 'POST',
      timeout_seconds: 15,
      api_key: 'demo-andes-7f3k29qx',
    },
    params: { canal: 'panel', zona_horaria: 'America/Bogota' },
    policy: 'Antes de confirmar la cita se verifica el documento del cliente y el correo con el que compró el plan.',
    externalPrefix: 'AND',
  },
  'Pacífico Beneficios': {
    key: 'pacifico-reservas-db',
    driver: 'database',
    settings: {
      host: 'reservas-db.bancopacificosur.pe',
      port: 3306,
      database: 'beneficios_reservas',
      username: 'panel_reservas',
      password: 'demo-Pacifico-2025!',
    },
    params: { table: 'reservas', timeout: 30 },
    policy: 'Se valida el DNI del titular contra la tarjeta asociada al beneficio.',
    externalPrefix: 'PAC',
  },
};

/** Any other booking demo DSP: an HTTP connector at its own website. */
const fallbackConnector = (name: string, website: string): DemoConnector => ({
  key: `${name.toLowerCase().normalize('NFD').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}-api`,
  driver: 'api',
  settings: { endpoint: `https://${website}/api/reservas`, method: 'POST', api_key: 'demo-clave-api' },
  params: {},
  policy: 'Se verifica el documento del cliente antes de confirmar.',
  externalPrefix: name.slice(0, 3).toUpperCase(),
});

/**
 * One connector for each demo DSP that books (BOOKING or MIXED), mapping every plan it sells,
 * its credential sealed with `credentials` so the API reads it back masked. A DSP that already
 * has a connector is left as it is, so running it again adds nothing.
 */
export async function seedDemoConnectors(db: Db, credentials: CredentialBox): Promise<number> {
  const booking = DEMO_DSPS.filter((demo) => BOOKS.has(demo.type));
  if (booking.length === 0) return 0;
  const found = await db.select({ id: dsps.id, name: dsps.name }).from(dsps).where(anyOf(dsps.name, booking.map((demo) => demo.name)));
  let added = 0;
  await db.transaction(async (tx) => {
    for (const demo of booking) {
      const dsp = found.find((row) => row.name === demo.name);
      if (!dsp) continue;
      const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(connectors).where(eq(connectors.dspId, dsp.id));
      if (total > 0) continue;
      const sold = await tx.select({ planId: dspPlans.planId }).from(dspPlans).where(eq(dspPlans.dspId, dsp.id)).orderBy(asc(dspPlans.planId));
      // A connector needs at least one plan to map.
      if (sold.length === 0) continue;
      const spec = DEMO_CONNECTORS[demo.name] ?? fallbackConnector(demo.name, demo.website);
      const [created] = await tx
        .insert(connectors)
        .values({
          dspId: dsp.id,
          key: spec.key,
          driver: spec.driver,
          type: 'BOOKING',
          enabled: true,
          settings: credentials.seal(spec.settings),
          params: credentials.seal(spec.params),
          verificationPolicy: spec.policy,
        })
        .returning({ id: connectors.id });
      await tx.insert(connectorPlans).values(
        sold.map(({ planId }, index) => ({
          connectorId: created!.id,
          planId,
          externalPlanId: `${spec.externalPrefix}-PLAN-${String(index + 1).padStart(3, '0')}`,
        })),
      );
      added++;
    }
  });
  return added;
}
