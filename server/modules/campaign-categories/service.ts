import {
  CAMPAIGN_CATEGORY_DEFAULT_SORT,
  CAMPAIGN_CATEGORY_FIELDS,
  CAMPAIGN_CATEGORY_MESSAGES,
  CAMPAIGN_CATEGORY_NOT_FOUND,
  CAMPAIGN_CATEGORY_PAGE_SIZE,
  type CAMPAIGN_CATEGORY_SORTS,
  type CampaignCategory,
  campaignCategory,
  type campaignCategoryFields,
} from '@contract/campaign-category';
import { CAMPAIGN_NOT_FOUND } from '@contract/campaign';
import { asc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { anyOf } from '../../db/any-of';
import { auditTrail, storedFileName } from '../../db/audit-trail';
import type { Db } from '../../db/client';
import { defineWrites } from '../../db/record-writes';
import { campaignCategories, campaigns, categories, services } from '../../db/schema';
import { containsText, sortableText } from '../../db/sortable-text';
import type { Actor } from '../../http/actor';
import { notFound, validationFailed } from '../../http/errors';
import { idFilter } from '../../http/filter-values';
import { defineList } from '../../http/list';
import type { UploadedFile } from '../../http/uploads';
import type { Storage } from '../../storage';
import { findCategory } from '../categories/service';

export type CampaignCategoryRow = typeof campaignCategories.$inferSelect;
type CampaignCategoryInput = z.output<typeof campaignCategoryFields> & { image?: UploadedFile };

export { CAMPAIGN_CATEGORY_NOT_FOUND };

/** A campaign category's own fields, as its history records them. */
const presentOwn = (row: CampaignCategoryRow, storage: Storage) => ({
  id: row.id,
  campaign_id: row.campaignId,
  category_id: row.categoryId,
  name: row.name,
  description: row.description,
  image_url: row.imagePath ? storage.url(row.imagePath) : null,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** A campaign category with its catalogue category, as every answer shows it. */
const presentCampaignCategory = (row: CampaignCategoryRow, parent: { id: number; name: string }, storage: Storage): CampaignCategory => ({
  ...presentOwn(row, storage),
  parent,
});

const history = auditTrail({
  resource: 'campaign-category',
  id: (item: ReturnType<typeof presentOwn>) => item.id,
  label: (item) => item.name,
  fields: (item) => ({
    name: item.name,
    description: item.description,
    campaign_id: item.campaign_id,
    category_id: item.category_id,
    image: storedFileName(item.image_url),
  }),
});

/** Campaign categories joined with their catalogue category (one query, whatever the rows). */
const selectWithParent = (db: Db) =>
  db
    .select({ row: campaignCategories, parent: { id: categories.id, name: categories.name } })
    .from(campaignCategories)
    .innerJoin(categories, eq(categories.id, campaignCategories.categoryId));

/**
 * The categories of each campaign, by name, in one query: for a campaign's `include=categories`.
 */
export async function categoriesOfCampaigns(db: Db, campaignIds: readonly number[], storage: Storage): Promise<Map<number, CampaignCategory[]>> {
  const byCampaign = new Map<number, CampaignCategory[]>();
  if (campaignIds.length === 0) return byCampaign;
  const rows = await selectWithParent(db)
    .where(anyOf(campaignCategories.campaignId, [...new Set(campaignIds)]))
    .orderBy(asc(sortableText(campaignCategories.name)), asc(campaignCategories.id));
  for (const { row, parent } of rows) {
    const list = byCampaign.get(row.campaignId) ?? [];
    list.push(presentCampaignCategory(row, parent, storage));
    byCampaign.set(row.campaignId, list);
  }
  return byCampaign;
}

export function createCampaignCategoryService({ db, storage, log }: { db: Db; storage: Storage; log: FastifyBaseLogger }) {
  const list = defineList({
    db,
    item: campaignCategory,
    table: campaignCategories,
    select: () => selectWithParent(db).$dynamic(),
    id: campaignCategories.id,
    filters: {
      q: {
        description: 'Busca en el nombre, sin distinguir mayúsculas ni tildes.',
        where: (value) => containsText(campaignCategories.name, value),
      },
      category_id: { description: 'Id de la categoría del catálogo.', where: (value) => eq(campaignCategories.categoryId, idFilter('category_id', value)) },
    },
    sorts: {
      id: campaignCategories.id,
      name: sortableText(campaignCategories.name),
      created_at: campaignCategories.createdAt,
    } satisfies Record<(typeof CAMPAIGN_CATEGORY_SORTS)[number], unknown>,
    defaultSort: CAMPAIGN_CATEGORY_DEFAULT_SORT,
    defaultLimit: CAMPAIGN_CATEGORY_PAGE_SIZE,
    fields: CAMPAIGN_CATEGORY_FIELDS,
    present: (rows) => rows.map(({ row, parent }) => presentCampaignCategory(row, parent, storage)),
  });

  const findWithParent = async (id: number) => {
    const [found] = await selectWithParent(db).where(eq(campaignCategories.id, id));
    if (!found) throw notFound(CAMPAIGN_CATEGORY_NOT_FOUND);
    return found;
  };

  const one = async (id: number) => {
    const { row, parent } = await findWithParent(id);
    return presentCampaignCategory(row, parent, storage);
  };

  const campaignExists = async (id: number) => (await db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.id, id))).length > 0;

  /** 404 for a campaign that does not exist (its categories' list, a new category). */
  const assertCampaign = async (id: number) => {
    if (!(await campaignExists(id))) throw notFound(CAMPAIGN_NOT_FOUND);
  };

  /** The linked catalogue category must exist and be a root ('Padre'). */
  const checkCatalogueCategory = async (categoryId: number | undefined) => {
    if (categoryId === undefined) return;
    const found = await findCategory(db, categoryId);
    if (!found) throw validationFailed({ category_id: [CAMPAIGN_CATEGORY_MESSAGES.categoryMissing] });
    if (found.parentId !== null) throw validationFailed({ category_id: [CAMPAIGN_CATEGORY_MESSAGES.categoryNotRoot] });
  };

  const writes = defineWrites({
    db,
    storage,
    log,
    table: campaignCategories,
    id: campaignCategories.id,
    notFound: CAMPAIGN_CATEGORY_NOT_FOUND,
    present: (row) => presentOwn(row, storage),
    history,
    files: { image: { column: 'imagePath', folder: 'categories', label: 'imagen' } },
    dependents: [{ table: services, column: services.categoryId, noun: ['servicio', 'servicios'] }],
    unique: [
      {
        field: 'name',
        column: campaignCategories.name,
        within: campaignCategories.campaignId,
        index: 'campaign_categories_campaign_name_unique',
        message: CAMPAIGN_CATEGORY_MESSAGES.nameTaken,
      },
    ],
  });

  return {
    list,
    assertCampaign,
    find: async (id: number) => findWithParent(id),

    async create(campaignId: number, input: CampaignCategoryInput, actor: Actor): Promise<CampaignCategory> {
      await assertCampaign(campaignId);
      await checkCatalogueCategory(input.category_id);
      const values = { campaignId, categoryId: input.category_id, name: input.name, description: input.description ?? null };
      return one((await writes.create(values, { image: input.image }, actor)).id);
    },

    async update(id: number, input: Partial<CampaignCategoryInput>, actor: Actor): Promise<CampaignCategory> {
      await findWithParent(id);
      await checkCatalogueCategory(input.category_id);
      const changes = {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.category_id !== undefined ? { categoryId: input.category_id } : {}),
      };
      await writes.update(id, changes, { image: input.image }, actor);
      return one(id);
    },

    async remove(id: number, actor: Actor): Promise<void> {
      await writes.remove(id, actor);
    },

    deletion: writes.deletion,
  };
}
