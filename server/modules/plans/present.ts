import type { CampaignPlan } from '@contract/campaign';
import { numberOrNull } from '../../db/numeric';
import type { plans } from '../../db/schema';
import type { Storage } from '../../storage';

export type PlanRow = typeof plans.$inferSelect;

/** A plan as the API answers it (today inside a campaign's `include=plans`). */
export const presentPlan = (row: PlanRow, storage: Storage): CampaignPlan => {
  const documentUrl = row.documentPath ? storage.url(row.documentPath) : null;
  return {
    id: row.id,
    campaign_id: row.campaignId,
    name: row.name,
    description: row.description,
    price: numberOrNull(row.price),
    status: row.status,
    image_url: row.imagePath ? storage.url(row.imagePath) : null,
    document_url: documentUrl,
    pdf_url: documentUrl,
    inclusions: row.inclusions,
    exclusions: row.exclusions,
    commitment_months: row.commitmentMonths,
    trial_days: row.trialDays,
    auto_renew: row.autoRenew,
    meta: row.meta ?? null,
    apolo_code_ref: row.apoloCodeRef,
    plan_id: row.planId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
};
