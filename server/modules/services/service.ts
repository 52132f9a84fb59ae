import { RESTORE_GONE } from '@contract/restore';
import { BOOKING_DEPENDENT_NOUN } from '@contract/booking.constants';
import {
  SERVICE_DEFAULT_SORT,
  SERVICE_FIELDS,
  SERVICE_INCLUDES,
  SERVICE_LIST_PAGE_SIZE,
  SERVICE_MESSAGES,
  SERVICE_NOT_FOUND,
  SERVICE_PAGE_SIZE,
  SERVICE_PLAN_NOT_FOUND,
  type SERVICE_SORTS,
  type Service,
  clearUnlimited,
  service,
  type serviceFields,
  serviceRuleErrors,
} from '@contract/service';
import { and, eq, exists, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';

import { auditTrail, storedFileName } from '../../db/audit-trail';
import type { Db, Tx } from '../../db/client';
import { numberOrNull } from '../../db/numeric';
import { defineWrites } from '../../db/record-writes';
import { bookings, campaignCategories, campaigns, plans, services } from '../../db/schema';
import { copyContains } from '../../db/sortable-text';
import type { Actor } from '../../http/actor';
import { notFound, validationFailed } from '../../http/errors';
import { booleanFilter, idFilter } from '../../http/filter-values';
import { aliased, defineItem, fileUrl, isoTime, many, money, one, relatedContract, relationAt, sameNamed, withNested } from '../../http/item-sql';
import { EVENT_PERIOD_LABELS } from '@contract/service.constants';
import { csvAmount, csvTime, csvYesNo } from '../../http/csv';
import { defineList, type ListFilter } from '../../http/list';
import type { UploadedFile } from '../../http/uploads';
import type { Storage } from '../../storage';

export type ServiceRow = typeof services.$inferSelect;
type ServiceInput = z.output<typeof serviceFields> & { image?: UploadedFile };

export { SERVICE_NOT_FOUND };

/** A campaign category as a service's `category` shows it. */
const categoryRef = defineItem(relatedContract(service, 'category'), {
  table: campaignCategories,
  id: campaignCategories.id,
  fields: (category) => sameNamed(category, ['id', 'name']),
});

/** A plan as a service's `plan` shows it. */
const planRef = defineItem(relatedContract(service, 'plan'), { table: plans, id: plans.id, fields: (plan) => sameNamed(plan, ['id', 'name', 'campaign_id']) });

/** A campaign as a service's `campaign` (its plan's) shows it. */
const campaignRef = defineItem(relatedContract(service, 'campaign'), {
  table: campaigns,
  id: campaigns.id,
  fields: (campaign) => sameNamed(campaign, ['id', 'name', 'sponsor_id']),
});

/** A service as the API answers it (its category, plan and campaign come with `include`). */
export const serviceItem = defineItem(service, {
  table: services,
  id: services.id,
  fields: (row) => ({
    ...sameNamed(row, ['id', 'plan_id', 'category_id', 'name', 'description']),
    image_url: fileUrl(row.imagePath),
    coverage_amount: money(row.coverageAmount),
    currency: sql`(select ${plans.currency} from ${plans} where ${plans.id} = ${row.planId})`,
    ...sameNamed(row, ['unlimited_coverage', 'event_limit', 'unlimited_events', 'event_period', 'inclusions', 'exclusions', 'is_active', 'apolo_code_ref', 'meta']),
    created_at: isoTime(row.createdAt),
    updated_at: isoTime(row.updatedAt),
    version: row.version,
  }),
  relations: {
    category: one(categoryRef, (category, row: typeof services) => eq(category.id, row.categoryId)),
    plan: one(planRef, (plan, row: typeof services) => eq(plan.id, row.planId)),
    campaign: relationAt((path) => {
      const { related: plan, from } = aliased(plans, `${path}_plan`);
      return one(campaignRef, (campaign, row: typeof services) => sql`${campaign.id} = (select ${plan.campaignId} from ${from} where ${plan.id} = ${row.planId})`);
    }),
  },
});

const history = auditTrail({
  resource: 'service',
  id: (item: Service) => item.id,
  label: (item) => item.name,
  fields: (item) => ({
    name: item.name,
    description: item.description,
    plan_id: item.plan_id,
    category_id: item.category_id,
    coverage_amount: item.coverage_amount,
    unlimited_coverage: item.unlimited_coverage,
    event_limit: item.event_limit,
    unlimited_events: item.unlimited_events,
    event_period: item.event_period,
    inclusions: item.inclusions,
    exclusions: item.exclusions,
    is_active: item.is_active,
    apolo_code_ref: item.apolo_code_ref,
    // The history keeps plain values: JSON as its text.
    meta: item.meta === null || typeof item.meta === 'string' ? item.meta : JSON.stringify(item.meta),
    image: storedFileName(item.image_url),
  }),
});

/**
 * A plan's services (`include=plans.services` of a campaign), in the order they were added, each
 * with its campaign category (`category`: id and name, or null).
 */
export const planServicesRelation = withNested(
  ['category'],
  many(serviceItem, (service, plan: typeof plans) => eq(service.planId, plan.id), (service) => [service.id]),
);

/** A money amount as the numeric column takes it. */
const amountText = (value: number | null) => (value === null ? null : value.toFixed(2));

export function createServiceService({ db, storage, log }: { db: Db; storage: Storage; log: FastifyBaseLogger }) {
  const filters: Record<string, ListFilter> = {
    q: {
      description: 'Busca en nombre y descripción, sin distinguir mayúsculas ni tildes.',
      where: (value) => or(copyContains(services.nameFolded, value), copyContains(services.descriptionFolded, value)),
    },
    is_active: { description: '1: solo los activos; 0: solo los inactivos.', where: (value) => eq(services.isActive, booleanFilter('is_active', value)) },
    category_id: { description: 'Id de la categoría de la campaña.', where: (value) => eq(services.categoryId, idFilter('category_id', value)) },
  };

  const listOf = (defaultLimit: number, extra: Record<string, ListFilter> = {}) =>
    defineList({
      db,
      shown: serviceItem,
      tallied: 'services',
      filters: { ...filters, ...extra },
      sorts: { id: services.id, name: services.nameFolded, created_at: services.createdAt } satisfies Record<(typeof SERVICE_SORTS)[number], unknown>,
      defaultSort: SERVICE_DEFAULT_SORT,
      defaultLimit,
      fields: SERVICE_FIELDS,
      includes: { list: SERVICE_INCLUDES },
      csv: {
        file: 'servicios',
        summary: 'Los servicios filtrados, en CSV',
        includes: ['plan', 'campaign', 'category'],
        columns: [
          { header: 'ID', cell: (item) => item.id },
          { header: 'Nombre', cell: (item) => item.name },
          { header: 'Plan', cell: (item) => item.plan?.name },
          { header: 'Campaña', cell: (item) => item.campaign?.name },
          { header: 'Categoría', cell: (item) => item.category?.name },
          { header: 'Cobertura', cell: (item) => (item.unlimited_coverage ? 'Ilimitada' : csvAmount(item.coverage_amount)) },
          { header: 'Moneda', cell: (item) => (item.unlimited_coverage || item.coverage_amount === null ? '' : item.currency) },
          { header: 'Eventos', cell: (item) => (item.unlimited_events ? 'Ilimitados' : item.event_limit) },
          { header: 'Periodo', cell: (item) => (item.event_period === null ? '' : EVENT_PERIOD_LABELS[item.event_period]) },
          { header: 'Activo', cell: (item) => csvYesNo(item.is_active) },
          { header: 'Código Apolo', cell: (item) => item.apolo_code_ref },
          { header: 'Creado', cell: (item, { timeZone }) => csvTime(item.created_at, timeZone) },
        ],
      },
    });

  /** One plan's services (its tab on the campaign page); the plan comes from the path. */
  const list = listOf(SERVICE_PAGE_SIZE);

  /** The plan's campaign is a condition on the service's own row, so the count stays on the services table. */
  const inCampaign = (campaignId: number): SQL =>
    exists(db.select({ id: plans.id }).from(plans).where(and(eq(plans.id, services.planId), eq(plans.campaignId, campaignId))));

  /** Every campaign's services (the services page). */
  const everyList = listOf(SERVICE_LIST_PAGE_SIZE, {
    plan_id: { description: 'Id del plan.', where: (value) => eq(services.planId, idFilter('plan_id', value)) },
    campaign_id: { description: 'Id de la campaña del plan.', where: (value) => inCampaign(idFilter('campaign_id', value)) },
  });

  const find = async (id: number): Promise<ServiceRow> => {
    const [row] = await db.select().from(services).where(eq(services.id, id));
    if (!row) throw notFound(SERVICE_NOT_FOUND);
    return row;
  };

  /** The plan of the path: 404 when it does not exist. */
  const findPlan = async (id: number, conn: Db | Tx = db) => {
    const [plan] = await conn.select({ id: plans.id, campaignId: plans.campaignId }).from(plans).where(eq(plans.id, id));
    if (!plan) throw notFound(SERVICE_PLAN_NOT_FOUND);
    return plan;
  };

  /** A plan_id in the body may only repeat the service's plan: a service never moves to another plan. */
  const checkPlanFixed = (sent: number | undefined, planId: number) => {
    if (sent !== undefined && sent !== planId) throw validationFailed({ plan_id: [SERVICE_MESSAGES.planFixed] });
  };

  /**
   * When the plan's campaign has categories, the service needs one of them; a category of another
   * campaign is refused either way.
   */
  const checkCategory = async (campaignId: number, categoryId: number | null, conn: Db | Tx = db) => {
    const own = (await conn.select({ id: campaignCategories.id }).from(campaignCategories).where(eq(campaignCategories.campaignId, campaignId))).map(
      (row) => row.id,
    );
    if (categoryId === null) {
      if (own.length > 0) throw validationFailed({ category_id: [SERVICE_MESSAGES.categoryRequired] });
      return;
    }
    if (!own.includes(categoryId)) throw validationFailed({ category_id: [SERVICE_MESSAGES.categoryElsewhere] });
  };

  /** The limits the service is to have, unlimited ones cleared, or 422 with every rule broken. */
  const limits = (values: { coverage_amount: number | null; unlimited_coverage: boolean; event_limit: number | null; unlimited_events: boolean }) => {
    const cleared = clearUnlimited(values);
    const errors = serviceRuleErrors(cleared);
    if (Object.keys(errors).length > 0) throw validationFailed(errors);
    return cleared;
  };

  const writes = defineWrites({
    db,
    storage,
    log,
    table: services,
    id: services.id,
    notFound: SERVICE_NOT_FOUND,
    restoreNeeds: [
      { constraint: 'services_plan_id_plans_id_fk', field: 'plan_id', message: RESTORE_GONE.servicePlan },
      { constraint: 'services_category_id_campaign_categories_id_fk', field: 'category_id', message: RESTORE_GONE.serviceCategory },
    ],
    // With the relations a write answers: its category and plan.
    present: (row, tx) => list.presentHeld<Service>(row.id, ['category', 'plan'], tx),
    history,
    files: { image: { column: 'imagePath', folder: 'services', label: 'imagen' } },
    // A booked service stays: its bookings would point nowhere.
    dependents: [{ table: bookings, column: bookings.planServiceId, noun: BOOKING_DEPENDENT_NOUN }],
  });

  return {
    list,
    everyList,
    find,
    findPlan,

    async create(planId: number, input: ServiceInput, actor: Actor): Promise<Service> {
      const plan = await findPlan(planId);
      checkPlanFixed(input.plan_id, plan.id);
      const checked = limits({
        coverage_amount: input.coverage_amount ?? null,
        unlimited_coverage: input.unlimited_coverage ?? false,
        event_limit: input.event_limit ?? null,
        unlimited_events: input.unlimited_events ?? false,
      });
      await checkCategory(plan.campaignId, input.category_id ?? null);
      const values = {
        planId: plan.id,
        categoryId: input.category_id ?? null,
        name: input.name,
        description: input.description ?? null,
        coverageAmount: amountText(checked.coverage_amount),
        unlimitedCoverage: checked.unlimited_coverage,
        eventLimit: checked.event_limit,
        unlimitedEvents: checked.unlimited_events,
        eventPeriod: input.event_period ?? null,
        inclusions: input.inclusions ?? null,
        exclusions: input.exclusions ?? null,
        isActive: input.is_active ?? true,
        apoloCodeRef: input.apolo_code_ref ?? null,
        meta: input.meta ?? null,
      };
      return writes.create(values, { image: input.image }, actor);
    },

    /**
     * Changes a service. Its plan never changes (a different plan_id is refused). The category
     * rule is checked when category_id is sent; the limits on the values the service will have.
     */
    async update(id: number, input: Partial<ServiceInput>, actor: Actor, version?: number): Promise<Service> {
      return writes.update(
        id,
        // Checked on the locked row: a missing service answers 404 before anything its body gets wrong.
        async (before, tx) => {
          checkPlanFixed(input.plan_id, before.planId);
          if (input.category_id !== undefined) await checkCategory((await findPlan(before.planId, tx)).campaignId, input.category_id, tx);
          const limitsSent = [input.coverage_amount, input.unlimited_coverage, input.event_limit, input.unlimited_events].some((value) => value !== undefined);
          const checked = limits({
            coverage_amount: input.coverage_amount !== undefined ? input.coverage_amount : numberOrNull(before.coverageAmount),
            unlimited_coverage: input.unlimited_coverage ?? before.unlimitedCoverage,
            event_limit: input.event_limit !== undefined ? input.event_limit : before.eventLimit,
            unlimited_events: input.unlimited_events ?? before.unlimitedEvents,
          });
          return {
            ...(input.name !== undefined ? { name: input.name } : {}),
            ...(input.description !== undefined ? { description: input.description } : {}),
            ...(input.category_id !== undefined ? { categoryId: input.category_id } : {}),
            ...(limitsSent
              ? {
                  coverageAmount: amountText(checked.coverage_amount),
                  unlimitedCoverage: checked.unlimited_coverage,
                  eventLimit: checked.event_limit,
                  unlimitedEvents: checked.unlimited_events,
                }
              : {}),
            ...(input.event_period !== undefined ? { eventPeriod: input.event_period } : {}),
            ...(input.inclusions !== undefined ? { inclusions: input.inclusions } : {}),
            ...(input.exclusions !== undefined ? { exclusions: input.exclusions } : {}),
            ...(input.is_active !== undefined ? { isActive: input.is_active } : {}),
            ...(input.apolo_code_ref !== undefined ? { apoloCodeRef: input.apolo_code_ref } : {}),
            ...(input.meta !== undefined ? { meta: input.meta } : {}),
          };
        },
        { image: input.image },
        actor,
        { version },
      );
    },

    remove: writes.remove,
    restorer: writes.restorer,
    deletion: writes.deletion,
  };
}
