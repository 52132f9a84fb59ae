import { RESTORE_GONE } from '@contract/restore';
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
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { auditTrail, storedFileName } from '../../db/audit-trail';
import type { Db, Tx } from '../../db/client';
import { defineWrites } from '../../db/record-writes';
import { campaignCategories, campaigns, categories, services } from '../../db/schema';
import { containsText, sortableText } from '../../db/sortable-text';
import type { Actor } from '../../http/actor';
import { notFound, validationFailed } from '../../http/errors';
import { idFilter } from '../../http/filter-values';
import { defineItem, fileUrl, isoTime, one, relatedContract, sameNamed } from '../../http/item-sql';
import { defineList } from '../../http/list';
import type { UploadedFile } from '../../http/uploads';
import type { Storage } from '../../storage';
import { findCategory } from '../categories/service';

export type CampaignCategoryRow = typeof campaignCategories.$inferSelect;
type CampaignCategoryInput = z.output<typeof campaignCategoryFields> & { image?: UploadedFile };

export { CAMPAIGN_CATEGORY_NOT_FOUND };

/** The catalogue category a campaign category hangs from, as its `parent` shows it. */
const catalogueItem = defineItem(relatedContract(campaignCategory, 'parent'), {
  table: categories,
  id: categories.id,
  fields: (category) => sameNamed(category, ['id', 'name']),
});

/** A campaign category with its catalogue category (`parent`), as every answer shows it. */
export const campaignCategoryItem = defineItem(campaignCategory, {
  table: campaignCategories,
  id: campaignCategories.id,
  fields: (row) => ({
    ...sameNamed(row, ['id', 'campaign_id', 'category_id', 'name', 'description']),
    image_url: fileUrl(row.imagePath),
    created_at: isoTime(row.createdAt),
    updated_at: isoTime(row.updatedAt),
    version: row.version,
    parent: one(catalogueItem, (category, campaignCategory: typeof campaignCategories) => eq(category.id, campaignCategory.categoryId)),
  }),
});

const history = auditTrail({
  resource: 'campaign-category',
  id: (item: CampaignCategory) => item.id,
  label: (item) => item.name,
  fields: (item) => ({
    name: item.name,
    description: item.description,
    campaign_id: item.campaign_id,
    category_id: item.category_id,
    image: storedFileName(item.image_url),
  }),
});

export function createCampaignCategoryService({ db, storage, log }: { db: Db; storage: Storage; log: FastifyBaseLogger }) {
  const list = defineList({
    db,
    shown: campaignCategoryItem,
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
  });

  const find = async (id: number) => {
    const [found] = await db.select({ id: campaignCategories.id }).from(campaignCategories).where(eq(campaignCategories.id, id));
    if (!found) throw notFound(CAMPAIGN_CATEGORY_NOT_FOUND);
    return found;
  };

  const campaignExists = async (id: number) => (await db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.id, id))).length > 0;

  /** 404 for a campaign that does not exist (its categories' list, a new category). */
  const assertCampaign = async (id: number) => {
    if (!(await campaignExists(id))) throw notFound(CAMPAIGN_NOT_FOUND);
  };

  /** The linked catalogue category must exist and be a root ('Padre'). */
  const checkCatalogueCategory = async (categoryId: number | undefined, conn: Db | Tx = db) => {
    if (categoryId === undefined) return;
    const found = await findCategory(conn, categoryId);
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
    restoreNeeds: [
      { constraint: 'campaign_categories_campaign_id_campaigns_id_fk', field: 'campaign_id', message: RESTORE_GONE.campaignCategoryCampaign },
      { constraint: 'campaign_categories_category_id_categories_id_fk', field: 'category_id', message: RESTORE_GONE.campaignCategoryCategory },
    ],
    present: (row, tx) => list.presentHeld<CampaignCategory>(row.id, [], tx),
    history,
    files: { image: { column: 'imagePath', folder: 'categories', label: 'imagen' } },
    dependents: [{ table: services, column: services.categoryId, noun: ['servicio', 'servicios'] }],
    unique: [{ field: 'name', index: 'campaign_categories_campaign_name_unique', message: CAMPAIGN_CATEGORY_MESSAGES.nameTaken }],
  });

  return {
    list,
    assertCampaign,
    find,

    async create(campaignId: number, input: CampaignCategoryInput, actor: Actor): Promise<CampaignCategory> {
      await assertCampaign(campaignId);
      await checkCatalogueCategory(input.category_id);
      const values = { campaignId, categoryId: input.category_id, name: input.name, description: input.description ?? null };
      return writes.create(values, { image: input.image }, actor);
    },

    async update(id: number, input: Partial<CampaignCategoryInput>, actor: Actor, version?: number): Promise<CampaignCategory> {
      // Checked once the row is locked: a missing record answers 404 before a wrong category does.
      const changes = async (_before: unknown, tx: Tx) => {
        await checkCatalogueCategory(input.category_id, tx);
        return {
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          ...(input.category_id !== undefined ? { categoryId: input.category_id } : {}),
        };
      };
      return writes.update(id, changes, { image: input.image }, actor, { version });
    },

    remove: writes.remove,
    restorer: writes.restorer,
    deletion: writes.deletion,
  };
}
