import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPdf } from '../../server/db/seed/demo-documents';
import { DEMO_SPONSORS, seedDemo } from '../../server/db/seed/demo';
import { createUploadsStorage } from '../../server/storage';
import { bearer, createTestContext, type TestContext } from './support/context';
import { tempDataDir } from './support/uploads';

let ctx: TestContext;
let token: string;
const data = tempDataDir('demo-plans');

beforeAll(async () => {
  ctx = await createTestContext({ dataDir: data.dir });
  token = await ctx.signIn();
});
afterAll(async () => {
  await ctx?.close();
  data.cleanup();
});

type DemoPlan = {
  name: string;
  price: number | null;
  plan_id: number | null;
  parent: { id: number; name: string } | null;
  image_url: string | null;
  pdf_url: string | null;
};
type DemoCampaign = { id: number; name: string; status: string; country: { name: string }; plans: DemoPlan[] };

describe('demoPdf', () => {
  it('writes a PDF whose cross-reference table points at each object', () => {
    const pdf = demoPdf('Condiciones del plan (Básico)', ['Línea uno', 'Incluye: \\ barra']);
    const text = pdf.toString('latin1');
    expect(text.startsWith('%PDF-1.4\n')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    const startxref = Number(/startxref\n(\d+)\n/.exec(text)![1]);
    expect(text.slice(startxref, startxref + 4)).toBe('xref');
    const offsets = [...text.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((match) => Number(match[1]));
    expect(offsets).toHaveLength(5);
    offsets.forEach((offset, index) => expect(text.slice(offset, offset + `${index + 1} 0 obj`.length)).toBe(`${index + 1} 0 obj`));
    expect(text).toContain('(Condiciones del plan \\(B\xe1sico\\)) Tj');
    const length = Number(/\/Length (\d+)/.exec(text)![1]);
    const stream = text.slice(text.indexOf('stream\n') + 'stream\n'.length, text.indexOf('\nendstream'));
    expect(stream.length).toBe(length);
  });
});

describe('the demo plans', () => {
  it('gives every active or draft campaign 2 to 4 plans with image, PDF and a price in its country’s style, one an upgrade of another', async () => {
    const storage = createUploadsStorage(data.dir);
    const result = await seedDemo(ctx.db, storage);
    const selling = DEMO_SPONSORS.flatMap((sponsor) => sponsor.campaigns).filter((campaign) => ['ACTIVE', 'DRAFT'].includes(campaign.status));
    expect(selling.length).toBeGreaterThan(0);

    const list = await ctx.inject({ method: 'GET', url: '/api/v1/campaigns?limit=100', headers: bearer(token) });
    const ids = (list.json().data.data as { id: number }[]).map((campaign) => campaign.id);
    let total = 0;
    const counts = new Set<number>();
    for (const id of ids) {
      const response = await ctx.inject({ method: 'GET', url: `/api/v1/campaigns/${id}?include=country,plans,plans.parent`, headers: bearer(token) });
      const campaign = response.json().data as DemoCampaign;
      total += campaign.plans.length;
      if (!['ACTIVE', 'DRAFT'].includes(campaign.status)) {
        expect(campaign.plans, campaign.name).toEqual([]);
        continue;
      }
      counts.add(campaign.plans.length);
      expect(campaign.plans.length, campaign.name).toBeGreaterThanOrEqual(2);
      expect(campaign.plans.length, campaign.name).toBeLessThanOrEqual(4);
      const upgrades = campaign.plans.filter((plan) => plan.plan_id !== null);
      expect(upgrades.length, campaign.name).toBeGreaterThanOrEqual(1);
      for (const upgrade of upgrades) expect(campaign.plans.map((plan) => plan.name)).toContain(upgrade.parent!.name);
      for (const plan of campaign.plans) {
        expect(plan.price, plan.name).toBeGreaterThan(0);
        const pdf = await ctx.inject({ method: 'GET', url: plan.pdf_url! });
        expect(pdf.headers['content-type']).toBe('application/pdf');
        expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
        const image = await ctx.inject({ method: 'GET', url: plan.image_url! });
        expect(image.headers['content-type']).toBe('image/png');
      }
      // Prices as each country writes them: Peru's soles keep their cents, Colombia's pesos have none.
      if (campaign.country.name === 'Perú') expect(campaign.plans[0]!.price).toBe(19.9);
      if (campaign.country.name === 'Colombia') expect(Number.isInteger(campaign.plans[0]!.price)).toBe(true);
    }
    expect(counts).toEqual(new Set([2, 3, 4]));
    expect(result.plans).toBe(total);
    expect(await seedDemo(ctx.db, storage)).toEqual({ sponsors: 0, campaigns: 0, plans: 0 });
  });
});
