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
import { http } from 'msw';
import { formBody, formFields, parseBody } from '../body';
import { answer, apiUrl, checked, fail } from '../envelope';
import { fold } from '../fold';
import { deletionHandlers, detailHandler, listHandler, merged, refusalOf, shaped, taken, type ListSpec } from '../resource';
import { campaignsDb } from './campaigns';

/** A category as the store keeps it; parent and subcategories are added per request (`include`). */
type StoredCategory = Omit<Category, 'parent' | 'subcategories'>;

let sequence = 0;

export const buildCategory = (overrides: Partial<StoredCategory> = {}): StoredCategory => {
  sequence += 1;
  const stamp = new Date(Date.UTC(2025, 0, 1, 0, sequence)).toISOString();
  const { parent: _parent, subcategories: _subcategories, ...stored } = checked(
    categorySchema,
    { id: sequence, name: `Categoría ${sequence}`, description: null, image_url: null, parent_id: null, created_at: stamp, updated_at: stamp, ...overrides } satisfies Category,
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

const find = (id: number | null) => categoriesDb.categories.find((row) => row.id === id);
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
      const parent = find(row.parent_id);
      return parent ? { id: parent.id, name: parent.name } : null;
    },
    subcategories: (row) => childrenOf(row).sort((a, b) => fold(a.name).localeCompare(fold(b.name), 'es') || a.id - b.id),
  },
};

/** A write answers the category with its parent and subcategories. */
const withRelations = (row: StoredCategory) => shaped(row, CATEGORY_INCLUDES, spec);

const written = (row: StoredCategory, input: Partial<Pick<StoredCategory, 'name' | 'description' | 'parent_id'>>, fields: Record<string, string>) =>
  merged(row, { ...input, image_url: fields.image ? `/storage/categories/${row.id}-${fields.image.slice(5)}` : undefined });

/** Names are unique among the categories with the same parent. */
const nameTaken = (row: StoredCategory) => taken(categoriesDb.categories, 'name', row.name, CATEGORY_MESSAGES.nameTaken, row.id, (other) => other.parent_id === row.parent_id);

/** The catalogue API over `categoriesDb`, bodies read by the contract's schemas. */
export const categoryHandlers = [
  listHandler('v1/categories', spec, () => categoriesDb.categories),
  detailHandler('v1/categories', spec, find, CATEGORY_NOT_FOUND),
  http.post(apiUrl('v1/categories'), async ({ request }) => {
    const fields = await formFields(request);
    categoriesDb.requests.push({ method: 'create', fields });
    const input = parseBody(categoryFields, formBody(fields));
    if (input instanceof Response) return input;
    const category = written(buildCategory(), input, fields);
    const refused = nameTaken(category);
    if (refused) return refused;
    categoriesDb.categories.push(category);
    return answer(categorySchema, withRelations(category), CATEGORY_ANSWERS.created, 201);
  }),
  http.post(apiUrl('v1/categories/:id'), async ({ request, params }) => {
    const id = Number(params.id);
    const fields = await formFields(request);
    categoriesDb.requests.push({ method: 'update', id, fields });
    const index = categoriesDb.categories.findIndex((row) => row.id === id);
    if (index < 0) return fail(404, CATEGORY_NOT_FOUND);
    const input = parseBody(categoryUpdateFields, formBody(fields));
    if (input instanceof Response) return input;
    const category = written(categoriesDb.categories[index]!, input, fields);
    const refused = nameTaken(category);
    if (refused) return refused;
    categoriesDb.categories[index] = category;
    return answer(categorySchema, withRelations(category), CATEGORY_ANSWERS.updated);
  }),
  ...deletionHandlers({
    path: 'v1/categories',
    find,
    remove: (row) => (categoriesDb.categories = categoriesDb.categories.filter((other) => other !== row)),
    refusal: (row) =>
      refusalOf(row, [
        { count: (category) => childrenOf(category).length, nouns: ['subcategoría', 'subcategorías'] },
        {
          count: (category) => campaignsDb.campaigns.flatMap((campaign) => campaign.categories ?? []).filter((used) => used.category_id === category.id).length,
          nouns: ['categoría de campaña', 'categorías de campaña'],
        },
      ]),
    notFound: CATEGORY_NOT_FOUND,
    deleted: CATEGORY_ANSWERS.deleted,
  }),
];
