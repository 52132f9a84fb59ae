import { RESTORE_GONE } from '@contract/restore';
import { CAMPAIGN_NOT_FOUND } from '@contract/campaign.constants';
import {
  DEFAULT_COMMITMENT_MONTHS,
  PLAN_DEFAULT_SORT,
  PLAN_DEPENDENT_NOUNS,
  PLAN_FIELDS,
  PLAN_INCLUDES,
  PLAN_MESSAGES,
  PLAN_NOT_FOUND,
  PLAN_PAGE_SIZE,
  type PLAN_SORTS,
  PLAN_STATUSES,
  type Plan,
  type planFields,
} from '@contract/plan';
import { and, eq, or, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { anyOf } from '../../db/any-of';
import { auditTrail, storedFileName } from '../../db/audit-trail';
import type { Db, Tx } from '../../db/client';
import { foreignKeyViolation } from '../../db/errors';
import { defineWrites } from '../../db/record-writes';
import { campaigns, connectorPlans, dspPlans, entitlements, plans, services } from '../../db/schema';
import { copyContains } from '../../db/sortable-text';
import type { Actor } from '../../http/actor';
import { notFound, validationFailed } from '../../http/errors';
import { enumFilter, idFilter } from '../../http/filter-values';
import { PLAN_STATUS_LABELS } from '@contract/plan.constants';
import { csvAmount, csvTime, csvYesNo } from '../../http/csv';
import { defineList, type ListFilter } from '../../http/list';
import type { UploadedFile } from '../../http/uploads';
import type { Storage } from '../../storage';
import { type PlanRow, planItem } from './present';

type Files = { image?: UploadedFile; document?: UploadedFile };
type CreateInput = z.output<typeof planFields> & Files;
type UpdateInput = Partial<CreateInput>;

/** `meta` as the history shows it: its text, or its JSON written out. */
const metaText = (meta: unknown) => (meta === null || meta === undefined ? null : typeof meta === 'string' ? meta : JSON.stringify(meta));

const history = auditTrail({
  resource: 'plan',
  id: (item: Plan) => item.id,
  label: (item) => item.name,
  fields: (item) => ({
    campaign_id: item.campaign_id,
    name: item.name,
    description: item.description,
    price: item.price,
    status: item.status,
    inclusions: item.inclusions,
    exclusions: item.exclusions,
    commitment_months: item.commitment_months,
    trial_days: item.trial_days,
    auto_renew: item.auto_renew,
    meta: metaText(item.meta),
    apolo_code_ref: item.apolo_code_ref,
    plan_id: item.plan_id,
    image: storedFileName(item.image_url),
    document: storedFileName(item.document_url),
  }),
});

export { PLAN_NOT_FOUND };

const planIdError = (message: string) => validationFailed({ plan_id: [message] });

export function createPlanService({ db, storage, log }: { db: Db; storage: Storage; log: FastifyBaseLogger }) {
  const filters: Record<string, ListFilter> = {
    q: {
      description: 'Busca en nombre, descripción y código Apolo, sin distinguir mayúsculas ni tildes.',
      where: (value) => or(copyContains(plans.nameFolded, value), copyContains(plans.descriptionFolded, value), copyContains(plans.apoloCodeRefFolded, value)),
    },
    status: {
      description: `Uno o varios estados separados por comas: ${PLAN_STATUSES.join(', ')}.`,
      where: (value) => anyOf(plans.status, enumFilter('status', value, PLAN_STATUSES)),
    },
  };

  const listOf = (extra: Record<string, ListFilter>) =>
    defineList({
      db,
      shown: planItem,
      tallied: 'plans',
      filters: { ...filters, ...extra },
      sorts: {
        id: plans.id,
        name: plans.nameFolded,
        price: plans.price,
        status: plans.status,
        commitment_months: plans.commitmentMonths,
        created_at: plans.createdAt,
      } satisfies Record<(typeof PLAN_SORTS)[number], unknown>,
      defaultSort: PLAN_DEFAULT_SORT,
      defaultLimit: PLAN_PAGE_SIZE,
      fields: PLAN_FIELDS,
      includes: { list: PLAN_INCLUDES },
      csv: {
        file: 'planes',
        summary: 'Los planes filtrados, en CSV',
        includes: ['campaign'],
        columns: [
          { header: 'ID', cell: (item) => item.id },
          { header: 'Nombre', cell: (item) => item.name },
          { header: 'Campaña', cell: (item) => item.campaign?.name },
          { header: 'Sponsor', cell: (item) => item.campaign?.sponsor_name },
          { header: 'Estado', cell: (item) => PLAN_STATUS_LABELS[item.status] },
          { header: 'Precio', cell: (item) => csvAmount(item.price) },
          { header: 'Moneda', cell: (item) => (item.price === null ? '' : item.currency) },
          { header: 'Permanencia (meses)', cell: (item) => item.commitment_months },
          { header: 'Días de prueba', cell: (item) => item.trial_days },
          { header: 'Renovación automática', cell: (item) => csvYesNo(item.auto_renew) },
          { header: 'Código Apolo', cell: (item) => item.apolo_code_ref },
          { header: 'Creado', cell: (item, { timeZone }) => csvTime(item.created_at, timeZone) },
        ],
      },
    });

  /** Every campaign's plans (the plans page). */
  const list = listOf({
    campaign_id: { description: 'Id de la campaña.', where: (value) => eq(plans.campaignId, idFilter('campaign_id', value)) },
  });
  /** One campaign's plans (its page's tab); the campaign comes from the path. */
  const campaignList = listOf({});

  const find = async (id: number): Promise<PlanRow> => {
    const [row] = await db.select().from(plans).where(eq(plans.id, id));
    if (!row) throw notFound(PLAN_NOT_FOUND);
    return row;
  };

  /** A plan as a write answers it: with its campaign and its base plan. */

  const assertCampaign = async (campaignId: number) => {
    const [found] = await db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.id, campaignId));
    if (!found) throw notFound(CAMPAIGN_NOT_FOUND);
  };

  /** The base plan must be a plan of the same campaign (422 on plan_id otherwise). */
  const assertBase = async (conn: Db | Tx, baseId: number, campaignId: number) => {
    const [base] = await conn.select({ id: plans.id }).from(plans).where(and(eq(plans.id, baseId), eq(plans.campaignId, campaignId)));
    if (!base) throw planIdError(PLAN_MESSAGES.planMissing);
  };

  /**
   * Refuses a base plan that is, or leads up to, the plan itself. Runs in the update's transaction
   * with the campaign's row locked, so two upgrades set at once (A of B, B of A) are judged one
   * after the other and the second sees the first.
   */
  const assertNoCycle = async (tx: Tx, id: number, baseId: number, campaignId: number) => {
    await tx.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.id, campaignId)).for('no key update');
    await assertBase(tx, baseId, campaignId);
    const seen = new Set<number>();
    for (let current: number | null = baseId; current !== null && !seen.has(current); ) {
      if (current === id) throw planIdError(PLAN_MESSAGES.planCycle);
      seen.add(current);
      const [row]: { planId: number | null }[] = await tx.select({ planId: plans.planId }).from(plans).where(eq(plans.id, current));
      current = row?.planId ?? null;
    }
  };

  /** A base plan deleted between the check and the write is refused by its foreign key: 422 like a missing one. */
  const baseGone = (error: unknown) =>
    foreignKeyViolation(error) === 'plans_plan_id_plans_id_fk' ? planIdError(PLAN_MESSAGES.planMissing) : error;

  const writes = defineWrites({
    db,
    storage,
    log,
    table: plans,
    id: plans.id,
    notFound: PLAN_NOT_FOUND,
    restoreNeeds: [
      { constraint: 'plans_campaign_id_campaigns_id_fk', field: 'campaign_id', message: RESTORE_GONE.planCampaign },
      { constraint: 'plans_plan_id_plans_id_fk', field: 'plan_id', message: RESTORE_GONE.planBase },
    ],
    // With the relations a write answers: its campaign and the plan it upgrades.
    present: (row, tx) => list.presentHeld<Plan>(row.id, ['campaign', 'parent'], tx),
    history,
    files: {
      image: { column: 'imagePath', folder: 'plans', label: 'imagen' },
      document: { column: 'documentPath', folder: 'plans', label: 'documento', kinds: ['pdf'] },
    },
    // A plan that other plans upgrade, that has services, that a DSP sells or that a connector maps
    // keeps them from pointing nowhere.
    dependents: [
      { table: plans, column: plans.planId, noun: PLAN_DEPENDENT_NOUNS.upgrades },
      { table: services, column: services.planId, noun: PLAN_DEPENDENT_NOUNS.services },
      { table: dspPlans, column: dspPlans.planId, noun: PLAN_DEPENDENT_NOUNS.dsps },
      { table: connectorPlans, column: connectorPlans.planId, noun: PLAN_DEPENDENT_NOUNS.connectors },
      { table: entitlements, column: entitlements.planId, noun: PLAN_DEPENDENT_NOUNS.entitlements },
    ],
    unique: [{ field: 'name', index: 'plans_campaign_name_unique', message: PLAN_MESSAGES.nameTaken }],
  });

  /** The columns an input sets; absent fields are left out (an update keeps them). */
  const columnsOf = (input: UpdateInput) => ({
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.price !== undefined ? { price: input.price } : {}),
    ...(input.status !== undefined ? { status: input.status } : {}),
    ...(input.inclusions !== undefined ? { inclusions: input.inclusions } : {}),
    ...(input.exclusions !== undefined ? { exclusions: input.exclusions } : {}),
    ...(input.commitment_months !== undefined ? { commitmentMonths: input.commitment_months } : {}),
    ...(input.trial_days !== undefined ? { trialDays: input.trial_days } : {}),
    ...(input.auto_renew !== undefined ? { autoRenew: input.auto_renew } : {}),
    ...(input.meta !== undefined ? { meta: input.meta } : {}),
    ...(input.apolo_code_ref !== undefined ? { apoloCodeRef: input.apolo_code_ref } : {}),
    ...(input.plan_id !== undefined ? { planId: input.plan_id } : {}),
  });

  return {
    list,
    campaignList,
    find,
    assertCampaign,

    /** The condition that narrows the list to one campaign's plans. */
    ofCampaign: (campaignId: number): SQL => eq(plans.campaignId, campaignId),

    async create(campaignId: number, input: CreateInput, actor: Actor): Promise<Plan> {
      await assertCampaign(campaignId);
      if (input.plan_id) await assertBase(db, input.plan_id, campaignId);
      const values = {
        campaignId,
        name: input.name,
        description: input.description,
        price: input.price ?? null,
        status: input.status ?? 'DRAFT',
        inclusions: input.inclusions ?? null,
        exclusions: input.exclusions ?? null,
        commitmentMonths: input.commitment_months ?? DEFAULT_COMMITMENT_MONTHS,
        trialDays: input.trial_days ?? null,
        autoRenew: input.auto_renew ?? false,
        meta: input.meta ?? null,
        apoloCodeRef: input.apolo_code_ref ?? null,
        planId: input.plan_id ?? null,
      } as const;
      try {
        return await writes.create(values, { image: input.image, document: input.document }, actor);
      } catch (error) {
        if (foreignKeyViolation(error) === 'plans_campaign_id_campaigns_id_fk') throw notFound(CAMPAIGN_NOT_FOUND);
        throw baseGone(error);
      }
    },

    async update(id: number, input: UpdateInput, actor: Actor, version?: number): Promise<Plan> {
      try {
        return await writes.update(
          id,
          // Checked on the locked row: a missing plan answers 404 before anything its body gets wrong.
          async (before, tx) => {
            if (input.plan_id === id) throw planIdError(PLAN_MESSAGES.planSelf);
            if (input.plan_id) await assertBase(tx, input.plan_id, before.campaignId);
            if (input.plan_id && input.plan_id !== before.planId) await assertNoCycle(tx, id, input.plan_id, before.campaignId);
            return columnsOf(input);
          },
          { image: input.image, document: input.document },
          actor,
          { version },
        );
      } catch (error) {
        throw baseGone(error);
      }
    },

    remove: writes.remove,
    restorer: writes.restorer,
    deletion: writes.deletion,
  };
}
