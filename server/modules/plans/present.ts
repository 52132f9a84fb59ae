import type { Plan, PlanCampaignRef } from '@contract/plan';
import { eq } from 'drizzle-orm';
import { anyOf } from '../../db/any-of';
import type { Db } from '../../db/client';
import { numberOrNull } from '../../db/numeric';
import { campaigns, plans, sponsors } from '../../db/schema';
import { type IncludeLoader, referenceInclude } from '../../http/list';
import type { Storage } from '../../storage';
import { servicesOfPlans } from '../services/service';

export type PlanRow = typeof plans.$inferSelect;

/** A plan as the API answers it: its own list and detail, and a campaign's `include=plans`. */
export const presentPlan = (row: PlanRow, storage: Storage): Plan => {
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

/**
 * The relations of a page of plans, each in at most one query however many plans there are
 * (never a query per plan). Used by the plans lists and detail, and under a campaign's `plans`.
 */
export function planIncludes(db: Db, storage: Storage) {
  /** `parent`: the base plan's id and name. Base plans already on the page cost no query. */
  const parent: IncludeLoader<PlanRow> = async (rows) => {
    const known = new Map(rows.map((row) => [row.id, { id: row.id, name: row.name }]));
    const missing = [...new Set(rows.flatMap((row) => (row.planId !== null && !known.has(row.planId) ? [row.planId] : [])))];
    if (missing.length > 0) {
      for (const found of await db.select({ id: plans.id, name: plans.name }).from(plans).where(anyOf(plans.id, missing))) known.set(found.id, found);
    }
    return (row) => (row.planId === null ? null : (known.get(row.planId) ?? null));
  };

  /** `campaign`: enough of it to link to its page, and its sponsor's name (a list of every sponsor's plans says whose). */
  const campaign = referenceInclude(
    (row: PlanRow) => row.campaignId,
    (ids): Promise<PlanCampaignRef[]> =>
      db
        .select({ id: campaigns.id, name: campaigns.name, sponsor_id: campaigns.sponsorId, sponsor_name: sponsors.name })
        .from(campaigns)
        .innerJoin(sponsors, eq(sponsors.id, campaigns.sponsorId))
        .where(anyOf(campaigns.id, ids)),
  );

  /** `services`: every plan's services (with their category) in one query. */
  const services: IncludeLoader<PlanRow> = async (rows) => {
    const byPlan = await servicesOfPlans(db, rows.map((row) => row.id), storage);
    return (row) => byPlan.get(row.id) ?? [];
  };

  return { campaign, parent, services };
}

/**
 * A campaign's `include=plans` (and `plans.parent`, `plans.services` under it): every plan of the
 * page's campaigns in one query, ordered by id, then each nested relation in at most one more.
 */
export function campaignPlansInclude(db: Db, storage: Storage): IncludeLoader<{ id: number }> {
  const loaders = planIncludes(db, storage);
  return async (rows, nested) => {
    const ids = rows.map((row) => row.id);
    const planRows = ids.length > 0 ? await db.select().from(plans).where(anyOf(plans.campaignId, ids)).orderBy(plans.id) : [];
    const attached: [string, (row: PlanRow) => unknown][] = [];
    for (const relation of ['parent', 'services'] as const) {
      if (nested.includes(relation)) attached.push([relation, await loaders[relation](planRows, [])]);
    }
    const byCampaign = new Map<number, Plan[]>();
    for (const row of planRows) {
      const presented: Plan = { ...presentPlan(row, storage), ...Object.fromEntries(attached.map(([name, value]) => [name, value(row)])) };
      const list = byCampaign.get(row.campaignId) ?? [];
      list.push(presented);
      byCampaign.set(row.campaignId, list);
    }
    return (row) => byCampaign.get(row.id) ?? [];
  };
}
