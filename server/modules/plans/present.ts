import { type Plan, plan as planContract, planCampaignRef } from '@contract/plan';
import { eq, sql } from 'drizzle-orm';
import { campaigns, plans, sponsors } from '../../db/schema';
import { aliased, defineItem, fileUrl, isoTime, type ItemSql, many, money, one, relationAt, sameNamed } from '../../http/item-sql';
import { planServicesRelation } from '../services/service';

export type PlanRow = typeof plans.$inferSelect;

/** A campaign as a plan's `campaign` shows it: enough to link to its page, and its sponsor's name (a list of every sponsor's plans says whose). */
const campaignRef = (path: string) => {
  const { related: sponsor, from } = aliased(sponsors, `${path}_sponsor`);
  return defineItem(planCampaignRef, {
    table: campaigns,
    id: campaigns.id,
    fields: (campaign) => ({
      ...sameNamed(campaign, ['id', 'name', 'sponsor_id']),
      sponsor_name: sql`(select ${sponsor.name} from ${from} where ${sponsor.id} = ${campaign.sponsorId})`,
    }),
  });
};

/** A plan as the API answers it: its own list and detail, and a campaign's `include=plans`. */
export const planItem: ItemSql<typeof plans, Plan> = defineItem(planContract, {
  table: plans,
  id: plans.id,
  fields: (plan) => {
    const documentUrl = fileUrl(plan.documentPath);
    return {
      ...sameNamed(plan, ['id', 'campaign_id', 'name', 'description']),
      price: money(plan.price),
      currency: plan.currency,
      status: plan.status,
      image_url: fileUrl(plan.imagePath),
      document_url: documentUrl,
      pdf_url: documentUrl,
      ...sameNamed(plan, ['inclusions', 'exclusions', 'commitment_months', 'trial_days', 'auto_renew', 'meta', 'apolo_code_ref', 'plan_id']),
      created_at: isoTime(plan.createdAt),
      updated_at: isoTime(plan.updatedAt),
      version: plan.version,
    };
  },
  relations: {
    campaign: relationAt((path) => one(campaignRef(path), (campaign, plan: typeof plans) => eq(campaign.id, plan.campaignId))),
    /** The base plan's id and name. Made as the statement is written: the base plan is a plan too, of this very item. */
    parent: relationAt(() => one(planItem, (base, plan: typeof plans) => eq(base.id, plan.planId), ['id', 'name'])),
    services: planServicesRelation,
  },
});

/** A campaign's `include=plans` (and `plans.parent`, `plans.services` under it), ordered by id. */
export const campaignPlansRelation = many(planItem, (plan, campaign: typeof campaigns) => eq(plan.campaignId, campaign.id), (plan) => [plan.id]);
