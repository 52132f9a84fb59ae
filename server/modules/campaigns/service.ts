import { RESTORE_GONE } from '@contract/restore';
import {
  CAMPAIGN_DEFAULT_SORT,
  CAMPAIGN_DETAIL_INCLUDES,
  CAMPAIGN_FIELDS,
  CAMPAIGN_LIST_INCLUDES,
  CAMPAIGN_MESSAGES,
  CAMPAIGN_NOT_FOUND,
  CAMPAIGN_PAGE_SIZE,
  type CAMPAIGN_SORTS,
  CAMPAIGN_STATUSES,
  type Campaign,
  campaign,
  type campaignFields,
} from '@contract/campaign';
import { eq, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { anyOf } from '../../db/any-of';
import { auditTrail, storedFileName } from '../../db/audit-trail';
import type { Db } from '../../db/client';
import { defineWrites } from '../../db/record-writes';
import { campaignCategories, campaigns, plans, sponsors } from '../../db/schema';
import { containsText, sortableText } from '../../db/sortable-text';
import type { Actor } from '../../http/actor';
import { notFound, validationFailed } from '../../http/errors';
import { enumFilter, idFilter } from '../../http/filter-values';
import { defineItem, fileUrl, isoTime, many, money, one, sameNamed } from '../../http/item-sql';
import { CAMPAIGN_STATUS_LABELS } from '@contract/campaign-status';
import { csvAmount, csvTime } from '../../http/csv';
import { defineList } from '../../http/list';
import type { UploadedFile } from '../../http/uploads';
import type { Storage } from '../../storage';
import { campaignCategoryItem } from '../campaign-categories/service';
import { countryRelation } from '../countries/service';
import { campaignPlansRelation } from '../plans/present';
import { sponsorItem } from '../sponsors/service';

type CampaignRow = typeof campaigns.$inferSelect;
type CreateInput = z.output<typeof campaignFields> & { image?: UploadedFile };
type UpdateInput = Partial<CreateInput>;

/** A campaign as the API answers it (its sponsor, country, categories and plans come with `include`). */
const campaignItem = defineItem(campaign, {
  table: campaigns,
  id: campaigns.id,
  fields: (campaign) => ({
    ...sameNamed(campaign, ['id', 'name', 'description', 'status', 'sponsor_id', 'country_id']),
    image_url: fileUrl(campaign.imagePath),
    ...sameNamed(campaign, ['start_date', 'end_date', 'startDate', 'endDate']),
    budget: money(campaign.budget),
    currency: campaign.currency,
    created_at: isoTime(campaign.createdAt),
    updated_at: isoTime(campaign.updatedAt),
    version: campaign.version,
  }),
  relations: {
    sponsor: one(sponsorItem, (sponsor, campaign: typeof campaigns) => eq(sponsor.id, campaign.sponsorId)),
    country: countryRelation((campaign: typeof campaigns) => campaign.countryId),
    plans: campaignPlansRelation,
    /** By name, as the campaign page lists them. */
    categories: many(campaignCategoryItem, (category, campaign: typeof campaigns) => eq(category.campaignId, campaign.id), (category) => [sortableText(category.name), category.id]),
  },
});

const history = auditTrail({
  resource: 'campaign',
  id: (item: Campaign) => item.id,
  label: (item) => item.name,
  fields: (item) => ({
    name: item.name,
    description: item.description,
    status: item.status,
    sponsor_id: item.sponsor_id,
    country_id: item.country_id,
    start_date: item.start_date,
    end_date: item.end_date,
    budget: item.budget,
    image: storedFileName(item.image_url),
  }),
});

export { CAMPAIGN_NOT_FOUND };

export function createCampaignService({ db, storage, log }: { db: Db; storage: Storage; log: FastifyBaseLogger }) {
  const list = defineList({
    db,
    shown: campaignItem,
    tallied: 'campaigns',
    filters: {
      q: {
        description: 'Busca en nombre y descripción, sin distinguir mayúsculas ni tildes.',
        where: (value) => or(containsText(campaigns.name, value), containsText(campaigns.description, value)),
      },
      status: {
        description: `Uno o varios estados separados por comas: ${CAMPAIGN_STATUSES.join(', ')}.`,
        where: (value) => anyOf(campaigns.status, enumFilter('status', value, CAMPAIGN_STATUSES)),
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
    includes: { list: CAMPAIGN_LIST_INCLUDES, detail: CAMPAIGN_DETAIL_INCLUDES },
    csv: {
      file: 'campanas',
      summary: 'Las campañas filtradas, en CSV',
      includes: ['sponsor', 'country'],
      columns: [
        { header: 'ID', cell: (item) => item.id },
        { header: 'Nombre', cell: (item) => item.name },
        { header: 'Sponsor', cell: (item) => item.sponsor?.name },
        { header: 'País', cell: (item) => item.country?.name },
        { header: 'Estado', cell: (item) => CAMPAIGN_STATUS_LABELS[item.status] },
        { header: 'Inicio', cell: (item) => item.start_date },
        { header: 'Fin', cell: (item) => item.end_date },
        { header: 'Presupuesto', cell: (item) => csvAmount(item.budget) },
        { header: 'Moneda', cell: (item) => (item.budget === null ? '' : item.currency) },
        { header: 'Descripción', cell: (item) => item.description },
        { header: 'Creado', cell: (item, { timeZone }) => csvTime(item.created_at, timeZone) },
      ],
    },
  });

  const find = async (id: number): Promise<CampaignRow> => {
    const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id));
    if (!row) throw notFound(CAMPAIGN_NOT_FOUND);
    return row;
  };

  const sponsorOf = async (id: number) =>
    (await db.select({ id: sponsors.id, countryId: sponsors.countryId }).from(sponsors).where(eq(sponsors.id, id)))[0];

  const assertDates = (start: string | null, end: string | null) => {
    if (start && end && end < start) throw validationFailed({ end_date: [CAMPAIGN_MESSAGES.endBeforeStart] }, CAMPAIGN_MESSAGES.endBeforeStart);
  };

  const writes = defineWrites({
    db,
    storage,
    log,
    table: campaigns,
    id: campaigns.id,
    notFound: CAMPAIGN_NOT_FOUND,
    restoreNeeds: [
      { constraint: 'campaigns_sponsor_id_sponsors_id_fk', field: 'sponsor_id', message: RESTORE_GONE.campaignSponsor },
      { constraint: 'campaigns_country_id_countries_id_fk', field: 'country_id', message: RESTORE_GONE.campaignCountry },
    ],
    // With the relations a write answers: its sponsor and its country.
    present: (row, tx) => list.presentHeld<Campaign>(row.id, ['sponsor', 'country'], tx),
    history,
    files: { image: { column: 'imagePath', folder: 'campaigns', label: 'imagen' } },
    dependents: [
      { table: plans, column: plans.campaignId, noun: ['plan', 'planes'] },
      { table: campaignCategories, column: campaignCategories.campaignId, noun: ['categoría', 'categorías'] },
    ],
    unique: [
      { field: 'name', index: 'campaigns_sponsor_name_unique', message: CAMPAIGN_MESSAGES.nameTaken },
    ],
    references: [
      { constraint: 'campaigns_sponsor_id_sponsors_id_fk', field: 'sponsor_id', message: CAMPAIGN_MESSAGES.sponsorMissing },
      { constraint: 'campaigns_country_id_countries_id_fk', field: 'country_id', message: CAMPAIGN_MESSAGES.countryMissing },
    ],
  });

  return {
    list,
    find,

    async create(input: CreateInput, actor: Actor): Promise<Campaign> {
      const owner = await sponsorOf(input.sponsor_id);
      if (!owner) throw validationFailed({ sponsor_id: [CAMPAIGN_MESSAGES.sponsorMissing] });
      const countryId = input.country_id ?? owner.countryId;
      assertDates(input.start_date ?? null, input.end_date ?? null);
      const values = {
        name: input.name,
        description: input.description ?? null,
        status: input.status ?? 'DRAFT',
        sponsorId: owner.id,
        countryId,
        startDate: input.start_date ?? null,
        endDate: input.end_date ?? null,
        budget: input.budget === undefined || input.budget === null ? null : input.budget.toFixed(2),
      } as const;
      return writes.create(values, { image: input.image }, actor);
    },

    async update(id: number, input: UpdateInput, actor: Actor, version?: number): Promise<Campaign> {
      return writes.update(
        id,
        (before) => {
          assertDates(
            input.start_date !== undefined ? input.start_date : before.startDate,
            input.end_date !== undefined ? input.end_date : before.endDate,
          );
          return {
            ...(input.name !== undefined ? { name: input.name } : {}),
            ...(input.description !== undefined ? { description: input.description } : {}),
            ...(input.status !== undefined ? { status: input.status } : {}),
            ...(input.sponsor_id !== undefined ? { sponsorId: input.sponsor_id } : {}),
            ...(input.country_id !== undefined ? { countryId: input.country_id } : {}),
            ...(input.start_date !== undefined ? { startDate: input.start_date } : {}),
            ...(input.end_date !== undefined ? { endDate: input.end_date } : {}),
            ...(input.budget !== undefined ? { budget: input.budget === null ? null : input.budget.toFixed(2) } : {}),
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
