import { eq } from 'drizzle-orm';
import { campaigns, countries, dspPlans, dsps, plans, sponsors } from '../../../server/db/schema';
import type { TestContext } from './context';

/**
 * A DSP with the plans it sells, written straight to the database (the DSP API is tested on its
 * own): a sponsor, a campaign with `planNames`, and the DSP selling all of them. `unsold` is a plan
 * of the same campaign the DSP does not sell. Everything is in Colombia (pesos) unless `countryCode`
 * names another seeded country.
 */
export async function insertDspWithPlans(ctx: TestContext, name: string, planNames: string[], countryCode = 'CO') {
  const [country] = await ctx.db.select({ id: countries.id }).from(countries).where(eq(countries.code, countryCode));
  const countryId = country!.id;
  const [sponsor] = await ctx.db.insert(sponsors).values({ name: `Sponsor de ${name}`, countryId }).returning({ id: sponsors.id });
  const [campaign] = await ctx.db.insert(campaigns).values({ name: `Campaña de ${name}`, sponsorId: sponsor!.id, countryId }).returning({ id: campaigns.id });
  const planRows = await ctx.db
    .insert(plans)
    .values([...planNames, `${name}: no vendido`].map((planName) => ({ campaignId: campaign!.id, name: planName, description: 'x' })))
    .returning({ id: plans.id, name: plans.name });
  const sold = planRows.slice(0, planNames.length);
  const [dsp] = await ctx.db.insert(dsps).values({ name, countryId, sponsorId: sponsor!.id }).returning({ id: dsps.id });
  await ctx.db.insert(dspPlans).values(sold.map((plan) => ({ dspId: dsp!.id, planId: plan.id })));
  return { dspId: dsp!.id, campaignId: campaign!.id, plans: sold, unsold: planRows.at(-1)! };
}
