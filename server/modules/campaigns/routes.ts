import {
  CAMPAIGN_DETAIL_INCLUDES,
  CAMPAIGN_FIELDS,
  CAMPAIGN_LIST_INCLUDES,
  CAMPAIGN_MESSAGES,
  CAMPAIGN_DEFAULT_SORT,
  CAMPAIGN_PAGE_SIZE,
  type CAMPAIGN_SORTS,
  CAMPAIGN_STATUSES,
  campaign,
  campaignFields,
  type Campaign,
  type CampaignPlan,
  campaignUpdateFields,
} from '@contract/campaign';
import { idParam, successEnvelope } from '@contract/common';
import { count, eq, inArray, or } from 'drizzle-orm';
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
import { defineList, type IncludeLoader } from '../../http/list';
import { discardFiles, storeImage, type Storage } from '../../storage';
import { countryExists, countryInclude, presentSponsor } from '../sponsors/queries';

const tags = ['Campañas'];

type CampaignRow = typeof campaigns.$inferSelect;
type PlanRow = typeof plans.$inferSelect;
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

  const sponsorInclude: IncludeLoader<CampaignRow> = async (rows) => {
    const ids = [...new Set(rows.map((row) => row.sponsorId))];
    const found = ids.length > 0 ? await db.select().from(sponsors).where(inArray(sponsors.id, ids)) : [];
    const byId = new Map(found.map((row) => [row.id, presentSponsor(row, storage)]));
    return (row) => byId.get(row.sponsorId);
  };

  /** `plans`, and under it `plans.parent` (the base plan's id and name) and `plans.services`. */
  const plansInclude: IncludeLoader<CampaignRow> = async (rows, nested) => {
    const ids = rows.map((row) => row.id);
    const byCampaign = new Map<number, CampaignPlan[]>();
    const planRows = ids.length > 0 ? await db.select().from(plans).where(inArray(plans.campaignId, ids)).orderBy(plans.id) : [];
    const parentIds = [...new Set(planRows.flatMap((plan) => (plan.planId ? [plan.planId] : [])))];
    const parents = new Map(
      nested.includes('parent') && parentIds.length > 0
        ? (await db.select({ id: plans.id, name: plans.name }).from(plans).where(inArray(plans.id, parentIds))).map((p) => [p.id, p])
        : [],
    );
    for (const plan of planRows) {
      const presented: CampaignPlan = presentPlan(plan, storage);
      if (nested.includes('parent')) presented.parent = plan.planId ? (parents.get(plan.planId) ?? null) : null;
      // Services have no table yet (their issue adds it): the include is accepted and empty.
      if (nested.includes('services')) presented.services = [];
      const list = byCampaign.get(plan.campaignId) ?? [];
      list.push(presented);
      byCampaign.set(plan.campaignId, list);
    }
    return (row) => byCampaign.get(row.id) ?? [];
  };

  const campaignList = defineList({
    db,
    item: campaign,
    table: campaigns,
    select: () => db.select().from(campaigns).$dynamic(),
    id: campaigns.id,
    filters: {
      q: {
        description: 'Busca en nombre y descripción, sin distinguir mayúsculas ni tildes.',
        where: (value) => or(containsText(campaigns.name, value), containsText(campaigns.description, value)),
      },
      status: {
        description: `Uno o varios estados separados por comas: ${CAMPAIGN_STATUSES.join(', ')}.`,
        where: (value) => inArray(campaigns.status, enumFilter('status', value, CAMPAIGN_STATUSES)),
      },
      sponsor_id: { description: 'Id del sponsor.', where: (value) => eq(campaigns.sponsorId, idFilter('sponsor_id', value)) },
      country_id: { description: 'Id del país.', where: (value) => eq(campaigns.countryId, idFilter('country_id', value)) },
    },
    sorts: {
      id: campaigns.id,
      name: sortableText(campaigns.name),
      created_at: campaigns.createdAt,
      start_date: campaigns.startDate,
      end_date: campaigns.endDate,
      budget: campaigns.budget,
    } satisfies Record<(typeof CAMPAIGN_SORTS)[number], unknown>,
    defaultSort: CAMPAIGN_DEFAULT_SORT,
    defaultLimit: CAMPAIGN_PAGE_SIZE,
    fields: CAMPAIGN_FIELDS,
    includes: {
      list: CAMPAIGN_LIST_INCLUDES,
      detail: CAMPAIGN_DETAIL_INCLUDES,
      load: {
        sponsor: sponsorInclude,
        country: countryInclude(db, (row: CampaignRow) => row.countryId),
        plans: plansInclude,
        // Campaign categories have no table yet (their issue adds it): accepted and empty.
        categories: async () => () => [],
      },
    },
    present: (rows) => rows.map((row) => presentCampaign(row, storage)),
  });

  /** A campaign as a write answers it: with its sponsor and its country. */
  const one = async (id: number) => {
    const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id));
    if (!row) throw notFound('La campaña no existe.');
    const [presented] = await campaignList.present([row], ['sponsor', 'country']);
    return presented as Campaign;
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
        querystring: campaignList.querystring,
        response: { 200: campaignList.response },
      },
    },
    async (request, reply) => success(await campaignList.answer(request, reply)),
  );

  r.get(
    '/api/v1/campaigns/:id',
    {
      config: { access: 'sponsors.manage' },
      schema: {
        tags,
        summary: 'Una campaña',
        description: 'categories y plans.services se aceptan y devuelven [] hasta que existan las categorías de campaña y los servicios.',
        params: idParam,
        querystring: campaignList.detailQuerystring,
        response: { 200: campaignList.detailResponse },
      },
    },
    async (request, reply) =>
      success(
        await campaignList.answerOne(request, reply, async () => {
          const [row] = await db.select().from(campaigns).where(eq(campaigns.id, request.params.id));
          if (!row) throw notFound('La campaña no existe.');
          return row;
        }),
      ),
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
      return success(await one(row.id), 'Campaña creada correctamente.');
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
      return success(await one(id), 'Campaña actualizada correctamente.');
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
