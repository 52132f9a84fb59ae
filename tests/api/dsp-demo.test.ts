import { CREDENTIAL_MASK } from '@contract/connector.constants';
import { DSP_TYPES } from '@contract/dsp.constants';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiClients, connectors } from '../../server/db/schema';
import { DEMO_DSPS } from '../../server/db/seed/demo';
import { seedDemoConnectors } from '../../server/db/seed/demo-connectors';
import { DEMO_API_CLIENTS } from '../../server/db/seed/demo-dsp-access';
import { createCredentialBox, resolveAppKey } from '../../server/security/credentials';
import { ADMIN_EMAIL } from './support/context';
import { onDemoData } from './support/demo-context';

const demo = onDemoData('dsp-demo');
const { get } = demo;

type DemoDsp = {
  id: number;
  name: string;
  type: string;
  sponsor_id: number;
  image_url: string | null;
  settings: { name: string; components: { phoneCountryCode: string } };
  plans: { id: number; campaign_id: number }[];
  users: { id: number; name: string }[];
};

describe('the demo DSPs', () => {
  it('sells, books and does both for the demo sponsors, each with its sponsor’s plans, an image and staff assigned', async () => {
    const dsps = (await get('/api/v1/dsps?include=sponsor,plans,users&limit=100')).data as DemoDsp[];
    expect(dsps.map((dsp) => dsp.name).sort()).toEqual(DEMO_DSPS.map((dsp) => dsp.name).sort());
    expect(new Set(dsps.map((dsp) => dsp.type))).toEqual(new Set(DSP_TYPES));
    for (const dsp of dsps) {
      expect(dsp.plans.length, dsp.name).toBeGreaterThan(0);
      for (const plan of dsp.plans) expect((await get(`/api/v1/campaigns/${plan.campaign_id}`)).sponsor_id, dsp.name).toBe(dsp.sponsor_id);
      // include=users names them; their e-mail is on the DSP's staff list.
      const staff = (await get(`/api/v1/dsps/${dsp.id}/users`)).data as { id: number; email: string }[];
      expect(staff.map((user) => user.email), dsp.name).toEqual([ADMIN_EMAIL]);
      expect(dsp.users.map((user) => user.id)).toEqual(staff.map((user) => user.id));
      expect(dsp.image_url).toMatch(/^\/storage\/dsps\//);
      expect(dsp.settings.name).toBe(dsp.name);
    }
    expect(dsps.find((dsp) => dsp.name === 'Azteca Móvil')?.settings.components.phoneCountryCode).toBe('+52');
  });

  it('gives each DSP that books one connector mapping all its plans, its credential sealed and read back masked; once', async () => {
    const credentials = createCredentialBox(resolveAppKey(demo.ctx.config));
    const booking = DEMO_DSPS.filter((demo) => demo.type === 'BOOKING' || demo.type === 'MIXED');
    expect(await seedDemoConnectors(demo.ctx.db, credentials)).toBe(booking.length);
    expect(await seedDemoConnectors(demo.ctx.db, credentials)).toBe(0);

    const dsps = (await get('/api/v1/dsps?include=plans&limit=100')).data as DemoDsp[];
    const drivers = new Set<string>();
    for (const dsp of dsps) {
      type Listed = { id: number; key: string; driver: string; type: string; enabled: boolean; settings: Record<string, unknown>; plans: { plan_id: number; external_plan_id: string }[] };
      const listed = (await get(`/api/v1/dsps/${dsp.id}/connectors?include=plans`)).data as Listed[];
      if (dsp.type === 'SALE') {
        expect(listed, dsp.name).toEqual([]);
        continue;
      }
      expect(listed, dsp.name).toHaveLength(1);
      const [connector] = listed;
      drivers.add(connector!.driver);
      expect(connector).toMatchObject({ type: 'BOOKING', enabled: true });
      expect(connector!.plans.map((mapping) => mapping.plan_id).sort()).toEqual(dsp.plans.map((plan) => plan.id).sort());
      expect(new Set(connector!.plans.map((mapping) => mapping.external_plan_id)).size).toBe(dsp.plans.length);
      // Read masked, stored sealed, and opened with the API's key.
      const credential = connector!.driver === 'database' ? 'password' : 'api_key';
      expect(connector!.settings[credential], dsp.name).toBe(CREDENTIAL_MASK);
      const [row] = await demo.ctx.db.select({ settings: connectors.settings }).from(connectors).where(eq(connectors.id, connector!.id));
      const stored = row!.settings as Record<string, unknown>;
      expect(String(stored[credential])).toMatch(/^enc:v1:/);
      expect(credentials.open(stored)[credential]).toMatch(/^demo-/);
    }
    expect(drivers).toEqual(new Set(['api', 'database']));
  });

  it('each has one API client, of every type between them, answered without a secret and stored only as a hash', async () => {
    const dsps = (await get('/api/v1/dsps?limit=100')).data as DemoDsp[];
    const seen: Record<string, unknown>[] = [];
    for (const dsp of dsps) {
      const clients = (await get(`/api/v1/dsps/${dsp.id}/clients`)).data as Record<string, unknown>[];
      expect(clients, dsp.name).toHaveLength(1);
      const demo = DEMO_API_CLIENTS.find((client) => client.dsp === dsp.name)!;
      expect(clients[0]).toMatchObject({
        dsp_id: dsp.id,
        name: demo.name,
        client_id: demo.clientId,
        type: demo.type,
        scopes: demo.scopes,
        ip_whitelist: demo.ipWhitelist,
        rate_limit: demo.rateLimit && { max_requests: demo.rateLimit.max, period: demo.rateLimit.period },
        enabled: demo.enabled,
      });
      expect(clients[0]).not.toHaveProperty('client_secret');
      seen.push(...clients);
    }
    expect(new Set(seen.map((client) => client.type))).toEqual(new Set(['BACKEND', 'PARTNER', 'INTEGRATOR', 'ANALYTICS']));
    const hashes = (await demo.ctx.db.select({ hash: apiClients.clientSecretHash }).from(apiClients)).map((row) => row.hash);
    expect(hashes).toHaveLength(DEMO_API_CLIENTS.length);
    for (const hash of hashes) expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(new Set(hashes).size).toBe(hashes.length);
  });
});
