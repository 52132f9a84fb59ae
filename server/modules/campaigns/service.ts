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
import { numberOrNull } from '../../db/numeric';
import { defineWrites } from '../../db/record-writes';
import { campaignCategories, campaigns, plans, sponsors } from '../../db/schema';
import { containsText, sortableText } from '../../db/sortable-text';
import type { Actor } from '../../http/actor';
import { notFound, validationFailed } from '../../http/errors';
import { enumFilter, idFilter } from '../../http/filter-values';
import { defineList, referenceInclude } from '../../http/list';
import type { UploadedFile } from '../../http/uploads';
import type { Storage } from '../../storage';
import { categoriesOfCampaigns } from '../campaign-categories/service';
import { countryExists, countryInclude } from '../countries/service';
import { campaignPlansInclude } from '../plans/present';
import { presentSponsor } from '../sponsors/service';

type CampaignRow = typeof campaigns.$inferSelect;
type CreateInput = z.output<typeof campaignFields> & { image?: UploadedFile };
type UpdateInput = Partial<CreateInput>;

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

const history = auditTrail({
  resource: 'campaign',
  id: (item: ReturnType<typeof presentCampaign>) => item.id,
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
  const sponsorInclude = referenceInclude(
    (row: CampaignRow) => row.sponsorId,
    async (ids) => (await db.select().from(sponsors).where(anyOf(sponsors.id, ids))).map((row) => presentSponsor(row, storage)),
  );

  const list = defineList({
    db,
    item: campaign,
    table: campaigns,
    tallied: 'campaigns',
    select: () => db.select().from(campaigns).$dynamic(),
    id: campaigns.id,
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
    includes: {
      list: CAMPAIGN_LIST_INCLUDES,
      detail: CAMPAIGN_DETAIL_INCLUDES,
      load: {
        sponsor: sponsorInclude,
        country: countryInclude(db, (row: CampaignRow) => row.countryId),
        plans: campaignPlansInclude(db, storage),
        categories: async (rows) => {
          const byCampaign = await categoriesOfCampaigns(db, rows.map((row) => row.id), storage);
          return (row) => byCampaign.get(row.id) ?? [];
        },
      },
    },
    present: (rows) => rows.map((row) => presentCampaign(row, storage)),
  });

  const find = async (id: number): Promise<CampaignRow> => {
    const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id));
    if (!row) throw notFound(CAMPAIGN_NOT_FOUND);
    return row;
  };

  /** A campaign as a write answers it: with its sponsor and its country. */
  const one = async (id: number) => {
    const row = await find(id);
    const [presented] = await list.present([row], ['sponsor', 'country']);
    return presented as Campaign;
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
    present: (row) => presentCampaign(row, storage),
    history,
    files: { image: { column: 'imagePath', folder: 'campaigns', label: 'imagen' } },
    dependents: [
      { table: plans, column: plans.campaignId, noun: ['plan', 'planes'] },
      { table: campaignCategories, column: campaignCategories.campaignId, noun: ['categoría', 'categorías'] },
    ],
    unique: [
      { field: 'name', column: campaigns.name, within: campaigns.sponsorId, index: 'campaigns_sponsor_name_unique', message: CAMPAIGN_MESSAGES.nameTaken },
    ],
  });

  return {
    list,
    find,

    async create(input: CreateInput, actor: Actor): Promise<Campaign> {
      const owner = await sponsorOf(input.sponsor_id);
      if (!owner) throw validationFailed({ sponsor_id: [CAMPAIGN_MESSAGES.sponsorMissing] });
      const countryId = input.country_id ?? owner.countryId;
      if (input.country_id !== undefined && !(await countryExists(db, countryId))) {
        throw validationFailed({ country_id: [CAMPAIGN_MESSAGES.countryMissing] });
      }
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
      const row = await writes.create(values, { image: input.image }, actor);
      return one(row.id);
    },

    async update(id: number, input: UpdateInput, actor: Actor): Promise<Campaign> {
      await find(id);
      if (input.sponsor_id !== undefined && !(await sponsorOf(input.sponsor_id))) {
        throw validationFailed({ sponsor_id: [CAMPAIGN_MESSAGES.sponsorMissing] });
      }
      if (input.country_id !== undefined && !(await countryExists(db, input.country_id))) {
        throw validationFailed({ country_id: [CAMPAIGN_MESSAGES.countryMissing] });
      }
      await writes.update(
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
      );
      return one(id);
    },

    async remove(id: number, actor: Actor): Promise<void> {
      await writes.remove(id, actor);
    },

    deletion: writes.deletion,
  };
}
