import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { campaigns, plans } from '../../server/db/schema';
import { DEMO_CATALOGUE, seedServices } from '../../server/db/seed/demo';
import { onDemoData } from './support/demo-context';

const demo = onDemoData('offer-demo');
const { get } = demo;

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
    const [active] = await demo.ctx.db.select().from(campaigns).where(eq(campaigns.status, 'ACTIVE')).limit(1);
    const [draft] = await demo.ctx.db.select().from(campaigns).where(eq(campaigns.status, 'DRAFT')).limit(1);
    const [withCategories] = await demo.ctx.db.insert(plans).values({ campaignId: active!.id, name: 'Demo activo' }).returning();
    const [without] = await demo.ctx.db.insert(plans).values({ campaignId: draft!.id, name: 'Demo borrador' }).returning();
    const added = await seedServices(demo.ctx.db, new Map([[active!.id, [withCategories!.id]], [draft!.id, [without!.id]]]));
    expect(added).toBe(6);
    const categorised = (await get(`/api/v1/plans/${withCategories!.id}/services?include=category`)).data as { category: { name: string } | null }[];
    expect(categorised).toHaveLength(3);
    expect(categorised.every((service) => service.category !== null)).toBe(true);
    const plain = (await get(`/api/v1/plans/${without!.id}/services`)).data as { category_id: number | null; unlimited_coverage: boolean; coverage_amount: number | null }[];
    expect(plain.every((service) => service.category_id === null)).toBe(true);
    expect(plain.every((service) => service.unlimited_coverage === (service.coverage_amount === null))).toBe(true);
  });
});
