import {
  CATEGORY_ANSWERS,
  CATEGORY_DEFAULT_SORT,
  CATEGORY_FIELDS,
  CATEGORY_INCLUDES,
  CATEGORY_MESSAGES,
  CATEGORY_NOT_FOUND,
  CATEGORY_PAGE_SIZE,
  CATEGORY_SORTS,
  category as categorySchema,
  categoryFields,
  categoryUpdateFields,
  type Category,
} from '@contract/category';
import { checked } from '../envelope';
import { fold } from '../fold';
import { arrayRows, merged, refusalOf, resourceHandlers, type ListSpec, type MockModule } from '../resource';
import { campaignsDb } from './campaigns';

/** A category as the store keeps it; parent and subcategories are added per request (`include`). */
type StoredCategory = Omit<Category, 'parent' | 'subcategories'>;

let sequence = 0;

export const buildCategory = (overrides: Partial<StoredCategory> = {}): StoredCategory => {
  sequence += 1;
  const stamp = new Date(Date.UTC(2025, 0, 1, 0, sequence)).toISOString();
  const { parent: _parent, subcategories: _subcategories, ...stored } = checked(
    categorySchema,
    { id: sequence, name: `Categoría ${sequence}`, description: null, image_url: null, parent_id: null, created_at: stamp, updated_at: stamp, version: 1, ...overrides } satisfies Category,
    'La categoría de prueba',
  );
  return stored;
};

/** What a create or update sent, as text (the image as its file name). */
export type CategoryRequest = { method: 'create' | 'update'; id?: number; fields: Record<string, string> };

/** The catalogue the handlers answer with; a test seeds it and the setup `reset()`s it. */
export const categoriesDb = {
  categories: [] as StoredCategory[],
  requests: [] as CategoryRequest[],
  reset() {
    categoriesDb.categories = [];
    categoriesDb.requests = [];
    sequence = 0;
  },
  add(overrides: Partial<StoredCategory> = {}) {
    const category = buildCategory(overrides);
    categoriesDb.categories.push(category);
    return category;
  },
};

const childrenOf = (row: StoredCategory) => categoriesDb.categories.filter((child) => child.parent_id === row.id);

const spec: ListSpec<StoredCategory> = {
  item: categorySchema,
  sorts: CATEGORY_SORTS,
  defaultSort: CATEGORY_DEFAULT_SORT,
  pageSize: CATEGORY_PAGE_SIZE,
  fields: CATEGORY_FIELDS,
  includes: CATEGORY_INCLUDES,
  search: (row) => [row.name, row.description],
  filters: { roots: (row, value) => (row.parent_id === null) === (value === '1' || value === 'true') },
  relations: {
    parent: (row) => {
      const parent = categoriesDb.categories.find((other) => other.id === row.parent_id);
      return parent ? { id: parent.id, name: parent.name } : null;
    },
    subcategories: (row) => childrenOf(row).sort((a, b) => fold(a.name).localeCompare(fold(b.name), 'es') || a.id - b.id),
  },
};

const written = (row: StoredCategory, input: Partial<Pick<StoredCategory, 'name' | 'description' | 'parent_id'>>, fields: Record<string, string>) =>
  merged(row, { ...input, image_url: fields.image ? `/storage/categories/${row.id}-${fields.image.slice(5)}` : undefined });

/** The catalogue API over `categoriesDb`, bodies read by the contract's schemas; a name is held once among siblings. */
export const mock: MockModule = {
  stores: [categoriesDb],
  handlers: resourceHandlers({
    path: 'v1/categories',
    spec,
    rows: arrayRows(categoriesDb, 'categories'),
    notFound: CATEGORY_NOT_FOUND,
    log: ({ method, id, fields }) => categoriesDb.requests.push({ method, id, fields }),
    create: { schema: categoryFields, message: CATEGORY_ANSWERS.created, row: (input, sent) => written(buildCategory(), input, sent.fields) },
    update: { schema: categoryUpdateFields, message: CATEGORY_ANSWERS.updated, row: (current, input, sent) => written(current, input, sent.fields) },
    written: { includes: CATEGORY_INCLUDES },
    unique: [{ field: 'name', message: CATEGORY_MESSAGES.nameTaken, scope: (row, other) => other.parent_id === row.parent_id }],
    deletion: {
      refusal: (row) =>
        refusalOf(row, [
          { count: (category) => childrenOf(category).length, nouns: ['subcategoría', 'subcategorías'] },
          {
            count: (category) => campaignsDb.campaigns.flatMap((campaign) => campaign.categories ?? []).filter((used) => used.category_id === category.id).length,
            nouns: ['categoría de campaña', 'categorías de campaña'],
          },
        ]),
      deleted: CATEGORY_ANSWERS.deleted,
    },
  }),
};
