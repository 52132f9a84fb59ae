import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns, plans } from '../../server/db/schema';
import { DEMO_CATALOGUE, seedDemo, seedServices } from '../../server/db/seed/demo';
import { createUploadsStorage } from '../../server/storage';
import { bearer, createTestContext, type TestContext } from './support/context';
import { tempDataDir } from './support/uploads';

let ctx: TestContext;
let token: string;
const data = tempDataDir('offer-demo');

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

describe('the demo offer', () => {
  it('has a catalogue of six root categories with two or three subcategories each', async () => {
    const roots = (await get('/api/v1/categories?filter[roots]=1&include=subcategories&limit=300')).data as { name: string; subcategories: unknown[] }[];
    expect(roots).toHaveLength(DEMO_CATALOGUE.length);
    expect(roots.length).toBeGreaterThanOrEqual(6);
    for (const root of roots) {
      expect(root.subcategories.length, root.name).toBeGreaterThanOrEqual(2);
      expect(root.subcategories.length, root.name).toBeLessThanOrEqual(3);
    }
  });

  it('gives every ACTIVE campaign two or three categories, each linked to a root of the catalogue, and the others none', async () => {
    const all = (await get('/api/v1/campaigns?limit=100')).data as { id: number; status: string }[];
    expect(all.some((campaign) => campaign.status === 'ACTIVE')).toBe(true);
    for (const campaign of all) {
      const own = (await get(`/api/v1/campaigns/${campaign.id}?include=categories`)).categories as { parent: { id: number } }[];
      if (campaign.status === 'ACTIVE') {
        expect(own.length).toBeGreaterThanOrEqual(2);
        expect(own.length).toBeLessThanOrEqual(3);
        for (const category of own) expect((await get(`/api/v1/categories/${category.parent.id}`)).parent_id).toBeNull();
      } else {
        expect(own).toEqual([]);
      }
    }
  });

  it('gives each plan three valid services, in its campaign’s categories when it has them (seedServices)', async () => {
    const [active] = await ctx.db.select().from(campaigns).where(eq(campaigns.status, 'ACTIVE')).limit(1);
    const [draft] = await ctx.db.select().from(campaigns).where(eq(campaigns.status, 'DRAFT')).limit(1);
    const [withCategories] = await ctx.db.insert(plans).values({ campaignId: active!.id, name: 'Demo activo' }).returning();
    const [without] = await ctx.db.insert(plans).values({ campaignId: draft!.id, name: 'Demo borrador' }).returning();
    const added = await seedServices(ctx.db, new Map([[active!.id, [withCategories!.id]], [draft!.id, [without!.id]]]));
    expect(added).toBe(6);
    const categorised = (await get(`/api/v1/plans/${withCategories!.id}/services?include=category`)).data as { category: { name: string } | null }[];
    expect(categorised).toHaveLength(3);
    expect(categorised.every((service) => service.category !== null)).toBe(true);
    const plain = (await get(`/api/v1/plans/${without!.id}/services`)).data as { category_id: number | null; unlimited_coverage: boolean; coverage_amount: number | null }[];
    expect(plain.every((service) => service.category_id === null)).toBe(true);
    expect(plain.every((service) => service.unlimited_coverage === (service.coverage_amount === null))).toBe(true);
  });
});
