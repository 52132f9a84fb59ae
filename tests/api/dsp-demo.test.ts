import { DSP_TYPES } from '@contract/dsp.constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_DSPS, seedDemo } from '../../server/db/seed/demo';
import { createUploadsStorage } from '../../server/storage';
import { ADMIN_EMAIL, bearer, createTestContext, type TestContext } from './support/context';
import { tempDataDir } from './support/uploads';

let ctx: TestContext;
let token: string;
const data = tempDataDir('dsp-demo');

beforeAll(async () => {
  ctx = await createTestContext({ dataDir: data.dir });
  token = await ctx.signIn();
  await seedDemo(ctx.db, createUploadsStorage(data.dir));
});
afterAll(async () => {
  await ctx?.close();
  data.cleanup();
});

const get = async (url: string) => {
  const response = await ctx.inject({ method: 'GET', url, headers: bearer(token) });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json().data;
};

type DemoDsp = {
  id: number;
  name: string;
  type: string;
  sponsor_id: number;
  image_url: string | null;
  settings: { name: string; components: { phoneCountryCode: string } };
  plans: { id: number; campaign_id: number }[];
  users: { email: string }[];
};

describe('the demo DSPs', () => {
  it('sells, books and does both for the demo sponsors, each with its sponsor’s plans, an image and staff assigned', async () => {
    const dsps = (await get('/api/v1/dsps?include=sponsor,plans,users&limit=100')).data as DemoDsp[];
    expect(dsps.map((dsp) => dsp.name).sort()).toEqual(DEMO_DSPS.map((dsp) => dsp.name).sort());
    expect(new Set(dsps.map((dsp) => dsp.type))).toEqual(new Set(DSP_TYPES));
    for (const dsp of dsps) {
      expect(dsp.plans.length, dsp.name).toBeGreaterThan(0);
      for (const plan of dsp.plans) expect((await get(`/api/v1/campaigns/${plan.campaign_id}`)).sponsor_id, dsp.name).toBe(dsp.sponsor_id);
      expect(dsp.users.map((user) => user.email)).toEqual([ADMIN_EMAIL]);
      expect(dsp.image_url).toMatch(/^\/storage\/dsps\//);
      expect(dsp.settings.name).toBe(dsp.name);
    }
    expect(dsps.find((dsp) => dsp.name === 'Azteca Móvil')?.settings.components.phoneCountryCode).toBe('+52');
  });
});
