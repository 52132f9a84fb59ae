import {
  CAMPAIGN_DETAIL_INCLUDES,
  CAMPAIGN_FIELDS,
  CAMPAIGN_LIST_INCLUDES,
  CAMPAIGN_MESSAGES,
  CAMPAIGN_SORTS,
  CAMPAIGN_STATUSES,
  campaign,
  campaignFields,
  type Campaign,
  type CampaignPlan,
  campaignUpdateFields,
} from '@contract/campaign';
import { idParam, paginator, successEnvelope } from '@contract/common';
import { and, count, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { foreignKeyViolation } from '../../db/errors';
import { campaigns, plans, sponsors } from '../../db/schema';
import { containsText, sortableText } from '../../db/sortable-text';
import { success } from '../../http/envelope';
import { conflict, notFound, validationFailed } from '../../http/errors';
import { fileField } from '../../http/file-field';
import { enumFilter, idFilter } from '../../http/filter-values';
import { parseListQuery, paginate, type ListSpec } from '../../http/list-query';
import { listUrl, orderByTerms, pickFields } from '../../http/list-response';
import { discardFiles, storeImage, type Storage } from '../../storage';
import { countryExists, countryRefs, presentSponsor, type CountryRef } from '../sponsors/queries';

const tags = ['Campañas'];

export const campaignListSpec: ListSpec = {
  filters: ['q', 'status', 'sponsor_id', 'country_id'],
  sorts: CAMPAIGN_SORTS,
  includes: CAMPAIGN_LIST_INCLUDES,
  fields: CAMPAIGN_FIELDS,
  defaultSort: '-created_at',
  defaultLimit: 12,
};
const campaignDetailSpec: ListSpec = { filters: [], sorts: [], includes: CAMPAIGN_DETAIL_INCLUDES, fields: CAMPAIGN_FIELDS };

const sortColumns = {
  id: campaigns.id,
  name: sortableText(campaigns.name),
  created_at: campaigns.createdAt,
  start_date: campaigns.startDate,
  end_date: campaigns.endDate,
  budget: campaigns.budget,
};

type CampaignRow = typeof campaigns.$inferSelect;
type PlanRow = typeof plans.$inferSelect;
/** The relations `include` may add to a campaign. */
type Includes = Partial<Pick<Campaign, 'sponsor' | 'country' | 'plans' | 'categories'>>;

const numberOrNull = (value: string | null) => (value === null ? null : Number(value));

const presentCampaign = (row: CampaignRow, storage: Storage) => ({
  id: row.id,
  name: row.name,
  description: row.description,
  status: row.status,
  sponsor_id: row.sponsorId,
  country_id: row.countryId,
  image_url: row.imagePath ? storage.url(row.imagePath) : null,
  start_date: row.startDate,
  end_date: row.endDate,
  startDate: row.startDate,
  endDate: row.endDate,
  budget: numberOrNull(row.budget),
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

const presentPlan = (row: PlanRow, storage: Storage) => {
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

const planWord = (total: number) => (total === 1 ? '1 plan' : `${total} planes`);

const createBody = campaignFields.extend({ image: fileField(CAMPAIGN_MESSAGES.imageNotFile).optional() });
const updateBody = campaignUpdateFields.extend({ image: fileField(CAMPAIGN_MESSAGES.imageNotFile).optional() });

/** The body types a write accepts (the OpenAPI document lists multipart first). */
const WRITE_TYPES = ['multipart/form-data', 'application/json', 'application/x-www-form-urlencoded'];

const WRITE_DESCRIPTION =
  'multipart/form-data (o JSON sin archivo): name, description, status (DRAFT por defecto; DRAFT, ACTIVE, PAUSED o INACTIVE), sponsor_id, ' +
  'country_id (por defecto el del sponsor), start_date y end_date (AAAA-MM-DD; la de fin no anterior a la de inicio), budget (≥ 0, 2 decimales), ' +
  'image (PNG, JPG o GIF por su contenido, 10 MB como máximo: 415 / 413).';

export async function campaignRoutes(app: FastifyInstance, { db, storage }: { db: Db; storage: Storage }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** The relations asked for, attached to already presented (and field-picked) campaigns. */
  async function withIncludes<T extends object>(rows: CampaignRow[], items: T[], includes: string[]): Promise<(T & Includes)[]> {
    const wants = (name: string) => includes.includes(name);
    const ids = rows.map((row) => row.id);

    const sponsorById = new Map<number, ReturnType<typeof presentSponsor>>();
    if (wants('sponsor') && rows.length > 0) {
      const found = await db.select().from(sponsors).where(inArray(sponsors.id, [...new Set(rows.map((row) => row.sponsorId))]));
      for (const row of found) sponsorById.set(row.id, presentSponsor(row, storage));
    }
    const countryById = wants('country') ? await countryRefs(db, rows.map((row) => row.countryId)) : new Map<number, CountryRef>();

    const plansByCampaign = new Map<number, CampaignPlan[]>();
    const wantsPlans = wants('plans') || wants('plans.services') || wants('plans.parent');
    if (wantsPlans && ids.length > 0) {
      const planRows = await db.select().from(plans).where(inArray(plans.campaignId, ids)).orderBy(plans.id);
      const parentIds = [...new Set(planRows.flatMap((plan) => (plan.planId ? [plan.planId] : [])))];
      const parents = new Map(
        wants('plans.parent') && parentIds.length > 0
          ? (await db.select({ id: plans.id, name: plans.name }).from(plans).where(inArray(plans.id, parentIds))).map((p) => [p.id, p])
          : [],
      );
      for (const plan of planRows) {
        const presented: CampaignPlan = presentPlan(plan, storage);
        if (wants('plans.parent')) presented.parent = plan.planId ? (parents.get(plan.planId) ?? null) : null;
        // Services have no table yet (their issue adds it): the include is accepted and empty.
        if (wants('plans.services')) presented.services = [];
        const list = plansByCampaign.get(plan.campaignId) ?? [];
        list.push(presented);
        plansByCampaign.set(plan.campaignId, list);
      }
    }

    return items.map((picked, index) => {
      const row = rows[index]!;
      return {
        ...picked,
        ...(wants('sponsor') ? { sponsor: sponsorById.get(row.sponsorId) } : {}),
        ...(wants('country') ? { country: countryById.get(row.countryId) } : {}),
        ...(wantsPlans ? { plans: plansByCampaign.get(row.id) ?? [] } : {}),
        // Campaign categories have no table yet (their issue adds it): accepted and empty.
        ...(wants('categories') ? { categories: [] } : {}),
      };
    });
  }

  const one = async (id: number, includes: string[]) => {
    const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id));
    if (!row) throw notFound('La campaña no existe.');
    const [presented] = await withIncludes([row], [presentCampaign(row, storage)], includes);
    return presented!;
  };

  const sponsorOf = async (id: number) =>
    (await db.select({ id: sponsors.id, countryId: sponsors.countryId }).from(sponsors).where(eq(sponsors.id, id)))[0];

  const assertDates = (start: string | null, end: string | null) => {
    if (start && end && end < start) throw validationFailed({ end_date: [CAMPAIGN_MESSAGES.endBeforeStart] }, CAMPAIGN_MESSAGES.endBeforeStart);
  };

  r.get(
    '/api/v1/campaigns',
    {
      config: { access: 'sponsors.manage' },
      schema: {
        tags,
        summary: 'Lista paginada de campañas de todos los sponsors',
        description:
          'filter[q] (o q) busca en nombre y descripción; filter[status] (uno o varios separados por comas), filter[sponsor_id], filter[country_id]; ' +
          'sort name|created_at|start_date|end_date|budget|id (por defecto -created_at); include=sponsor,country,plans; fields; limit por defecto 12, hasta 300.',
        response: { 200: successEnvelope(paginator(campaign.partial())) },
      },
    },
    async (request) => {
      const list = parseListQuery(request.query as Record<string, unknown>, campaignListSpec);
      const conditions: SQL[] = [];
      const { q, status, sponsor_id: sponsorId, country_id: countryId } = list.filters;
      if (q) conditions.push(or(containsText(campaigns.name, q), containsText(campaigns.description, q))!);
      if (status) conditions.push(inArray(campaigns.status, enumFilter('status', status, CAMPAIGN_STATUSES)));
      if (sponsorId) conditions.push(eq(campaigns.sponsorId, idFilter('sponsor_id', sponsorId)));
      if (countryId) conditions.push(eq(campaigns.countryId, idFilter('country_id', countryId)));
      const where = and(...conditions);
      const [rows, [{ total } = { total: 0 }]] = await Promise.all([
        db
          .select()
          .from(campaigns)
          .where(where)
          .orderBy(...orderByTerms(list.sort, sortColumns), campaigns.id)
          .limit(list.limit)
          .offset((list.page - 1) * list.limit),
        db.select({ total: count() }).from(campaigns).where(where),
      ]);
      const picked = pickFields(
        rows.map((row) => presentCampaign(row, storage)),
        list.fields,
      );
      return success(paginate(await withIncludes(rows, picked, list.includes), total, list, listUrl(request)));
    },
  );

  r.get(
    '/api/v1/campaigns/:id',
    {
      config: { access: 'sponsors.manage' },
      schema: {
        tags,
        summary: 'Una campaña',
        description:
          'include=sponsor,country,categories,plans,plans.services,plans.parent; fields. ' +
          'categories y plans.services se aceptan y devuelven [] hasta que existan las categorías de campaña y los servicios.',
        params: idParam,
        response: { 200: successEnvelope(campaign.partial()) },
      },
    },
    async (request) => {
      const query = parseListQuery(request.query as Record<string, unknown>, campaignDetailSpec);
      const [row] = await db.select().from(campaigns).where(eq(campaigns.id, request.params.id));
      if (!row) throw notFound('La campaña no existe.');
      const [picked] = await withIncludes([row], pickFields([presentCampaign(row, storage)], query.fields), query.includes);
      return success(picked!);
    },
  );

  r.post(
    '/api/v1/campaigns',
    {
      config: { access: 'sponsors.manage' },
      schema: {
        tags,
        summary: 'Crea una campaña',
        description: `${WRITE_DESCRIPTION} Responde 201 con la campaña, su sponsor y su país.`,
        consumes: WRITE_TYPES,
        body: createBody,
        response: { 201: successEnvelope(campaign) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const owner = await sponsorOf(body.sponsor_id);
      if (!owner) throw validationFailed({ sponsor_id: [CAMPAIGN_MESSAGES.sponsorMissing] });
      const countryId = body.country_id ?? owner.countryId;
      if (body.country_id !== undefined && !(await countryExists(db, countryId))) {
        throw validationFailed({ country_id: [CAMPAIGN_MESSAGES.countryMissing] });
      }
      assertDates(body.start_date ?? null, body.end_date ?? null);
      const imagePath = body.image ? await storeImage(storage, body.image, 'campaigns', 'imagen') : null;
      let row: CampaignRow;
      try {
        [row] = (await db
          .insert(campaigns)
          .values({
            name: body.name,
            description: body.description ?? null,
            status: body.status ?? 'DRAFT',
            sponsorId: owner.id,
            countryId,
            imagePath,
            startDate: body.start_date ?? null,
            endDate: body.end_date ?? null,
            budget: body.budget === undefined || body.budget === null ? null : body.budget.toFixed(2),
          })
          .returning()) as [CampaignRow];
      } catch (error) {
        await discardFiles(storage, [imagePath], request.log);
        throw error;
      }
      reply.status(201);
      return success(await one(row.id, ['sponsor', 'country']), 'Campaña creada correctamente.');
    },
  );

  r.put(
    '/api/v1/campaigns/:id',
    {
      config: { access: 'sponsors.manage' },
      schema: {
        tags,
        summary: 'Actualiza una campaña (también POST con _method=PUT)',
        description: `${WRITE_DESCRIPTION} Los campos ausentes no cambian; un campo opcional vacío se borra. Una imagen nueva reemplaza a la anterior, que se borra.`,
        params: idParam,
        consumes: WRITE_TYPES,
        body: updateBody,
        response: { 200: successEnvelope(campaign) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const body = request.body;
      const [current] = await db.select().from(campaigns).where(eq(campaigns.id, id));
      if (!current) throw notFound('La campaña no existe.');
      if (body.sponsor_id !== undefined && !(await sponsorOf(body.sponsor_id))) {
        throw validationFailed({ sponsor_id: [CAMPAIGN_MESSAGES.sponsorMissing] });
      }
      if (body.country_id !== undefined && !(await countryExists(db, body.country_id))) {
        throw validationFailed({ country_id: [CAMPAIGN_MESSAGES.countryMissing] });
      }
      const imagePath = body.image ? await storeImage(storage, body.image, 'campaigns', 'imagen') : undefined;

      let replaced: string | null;
      try {
        replaced = await db.transaction(async (tx) => {
          const [before] = await tx.select().from(campaigns).where(eq(campaigns.id, id)).for('update');
          if (!before) throw notFound('La campaña no existe.');
          assertDates(
            body.start_date !== undefined ? body.start_date : before.startDate,
            body.end_date !== undefined ? body.end_date : before.endDate,
          );
          await tx
            .update(campaigns)
            .set({
              ...(body.name !== undefined ? { name: body.name } : {}),
              ...(body.description !== undefined ? { description: body.description } : {}),
              ...(body.status !== undefined ? { status: body.status } : {}),
              ...(body.sponsor_id !== undefined ? { sponsorId: body.sponsor_id } : {}),
              ...(body.country_id !== undefined ? { countryId: body.country_id } : {}),
              ...(body.start_date !== undefined ? { startDate: body.start_date } : {}),
              ...(body.end_date !== undefined ? { endDate: body.end_date } : {}),
              ...(body.budget !== undefined ? { budget: body.budget === null ? null : body.budget.toFixed(2) } : {}),
              ...(imagePath !== undefined ? { imagePath } : {}),
              updatedAt: new Date(),
            })
            .where(eq(campaigns.id, id));
          return imagePath !== undefined ? before.imagePath : null;
        });
      } catch (error) {
        await discardFiles(storage, [imagePath], request.log);
        throw error;
      }
      await discardFiles(storage, [replaced], request.log);
      return success(await one(id, ['sponsor', 'country']), 'Campaña actualizada correctamente.');
    },
  );

  r.delete(
    '/api/v1/campaigns/:id',
    {
      config: { access: 'sponsors.manage' },
      schema: {
        tags,
        summary: 'Elimina una campaña y su imagen',
        description: 'Una campaña que todavía tiene planes no se elimina: 409 con el número de planes.',
        params: idParam,
        response: { 200: successEnvelope(z.null()) },
      },
    },
    async (request) => {
      const { id } = request.params;
      let imagePath: string | null;
      try {
        imagePath = await db.transaction(async (tx) => {
          const [row] = await tx.select({ imagePath: campaigns.imagePath }).from(campaigns).where(eq(campaigns.id, id)).for('update');
          if (!row) throw notFound('La campaña no existe.');
          const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(plans).where(eq(plans.campaignId, id));
          if (total > 0) throw conflict(`No se puede eliminar la campaña: tiene ${planWord(total)}. Elimínalos primero.`);
          await tx.delete(campaigns).where(eq(campaigns.id, id));
          return row.imagePath;
        });
      } catch (error) {
        if (foreignKeyViolation(error)) throw conflict('No se puede eliminar la campaña: otros registros dependen de ella.');
        throw error;
      }
      await discardFiles(storage, [imagePath], request.log);
      return success(null, 'Campaña eliminada correctamente.');
    },
  );
}
