import {
  CATEGORY_ANSWERS,
  CATEGORY_DEFAULT_SORT,
  CATEGORY_MESSAGES,
  CATEGORY_NOT_FOUND,
  CATEGORY_PAGE_SIZE,
  category as categorySchema,
  type Category,
} from '@contract/category';
import { cannotDelete } from '@contract/messages';
import { http } from 'msw';
import { z } from 'zod';
import { answer, apiUrl, checked, deletionAnswer, fail, invalid } from '../envelope';
import { listAnswer } from '../paginate';
import { campaignsDb } from './campaigns';

/** A category as the store keeps it; parent and subcategories are added per request (`include`). */
type StoredCategory = Omit<Category, 'parent' | 'subcategories'>;

let sequence = 0;

export const buildCategory = (overrides: Partial<StoredCategory> = {}): StoredCategory => {
  sequence += 1;
  const { parent: _parent, subcategories: _subcategories, ...stored } = checked(
    categorySchema,
    {
      id: sequence,
      name: `Categoría ${sequence}`,
      description: null,
      image_url: null,
      parent_id: null,
      created_at: new Date(Date.UTC(2025, 0, 1, 0, sequence)).toISOString(),
      updated_at: new Date(Date.UTC(2025, 0, 1, 0, sequence)).toISOString(),
      ...overrides,
    },
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

const byName = (a: StoredCategory, b: StoredCategory) => a.name.localeCompare(b.name, 'es', { sensitivity: 'base' }) || a.id - b.id;
const sameName = (a: string, b: string) => a.trim().localeCompare(b.trim(), 'es', { sensitivity: 'base' }) === 0;
const find = (id: number) => categoriesDb.categories.find((candidate) => candidate.id === id);

/** The category with what `include` asked for. */
const withIncludes = (category: StoredCategory, includes: readonly string[]): Category => {
  const parent = category.parent_id === null ? undefined : find(category.parent_id);
  return {
    ...category,
    ...(includes.includes('parent') ? { parent: parent ? { id: parent.id, name: parent.name } : null } : {}),
    ...(includes.includes('subcategories')
      ? { subcategories: categoriesDb.categories.filter((child) => child.parent_id === category.id).sort(byName) }
      : {}),
  };
};

const formFields = async (request: Request) => {
  const form = await request.formData();
  const fields: Record<string, string> = {};
  for (const [key, value] of form.entries()) fields[key] = typeof value === 'string' ? value : `file:${value.name}`;
  return fields;
};

/** Whether `candidateId` is `id` itself or lies below it: hanging `id` from it would make a cycle. */
const hangsFrom = (candidateId: number, id: number) => {
  const seen = new Set<number>();
  let current = find(candidateId);
  while (current && !seen.has(current.id)) {
    if (current.id === id) return true;
    seen.add(current.id);
    current = current.parent_id === null ? undefined : find(current.parent_id);
  }
  return false;
};

/** The server's checks, with the contract's Spanish messages; 409 for a name taken at the same level. */
const validate = (fields: Record<string, string>, selfId?: number) => {
  const partial = selfId !== undefined;
  const errors: Record<string, string[]> = {};
  if ((!partial || 'name' in fields) && !fields.name?.trim()) errors.name = [CATEGORY_MESSAGES.nameRequired];
  const parentId = fields.parent_id ? Number(fields.parent_id) : null;
  if (parentId !== null) {
    if (!find(parentId)) errors.parent_id = [CATEGORY_MESSAGES.parentMissing];
    else if (selfId !== undefined && hangsFrom(parentId, selfId)) errors.parent_id = [CATEGORY_MESSAGES.parentCycle];
  }
  if (Object.keys(errors).length > 0) return invalid(errors);
  const self = selfId === undefined ? undefined : find(selfId);
  const name = fields.name ?? self?.name ?? '';
  const level = 'parent_id' in fields ? parentId : (self?.parent_id ?? null);
  const taken = categoriesDb.categories.some((other) => other.id !== selfId && other.parent_id === level && sameName(other.name, name));
  return taken ? fail(409, CATEGORY_MESSAGES.nameTaken, { name: [CATEGORY_MESSAGES.nameTaken] }) : null;
};

const apply = (category: StoredCategory, fields: Record<string, string>): StoredCategory => ({
  ...category,
  name: fields.name?.trim() ?? category.name,
  description: 'description' in fields ? fields.description!.trim() || null : category.description,
  parent_id: 'parent_id' in fields ? (fields.parent_id ? Number(fields.parent_id) : null) : category.parent_id,
  image_url: fields.image ? `/storage/categories/${category.id}-${fields.image.slice(5)}` : category.image_url,
});

/** Why a category cannot be deleted (its subcategories, then the campaign categories using it), or null. */
const deleteRefusal = (id: number) => {
  const children = categoriesDb.categories.filter((category) => category.parent_id === id).length;
  if (children > 0) return cannotDelete(children, 'subcategoría', 'subcategorías');
  const uses = campaignsDb.campaigns.flatMap((campaign) => campaign.categories ?? []).filter((used) => used.category_id === id).length;
  return uses > 0 ? cannotDelete(uses, 'categoría de campaña', 'categorías de campaña') : null;
};

/** The catalogue API over `categoriesDb`: q and roots filters, name sort, include parent and subcategories. */
export const categoryHandlers = [
  http.get(apiUrl('v1/categories'), ({ request }) => {
    const url = new URL(request.url);
    const q = url.searchParams.get('filter[q]')?.toLowerCase();
    const roots = url.searchParams.get('filter[roots]');
    const sort = url.searchParams.get('sort') ?? CATEGORY_DEFAULT_SORT;
    const includes = url.searchParams.get('include')?.split(',') ?? [];
    const found = categoriesDb.categories
      .filter((category) => !q || `${category.name} ${category.description ?? ''}`.toLowerCase().includes(q))
      .filter((category) => roots === null || (category.parent_id === null) === (roots === '1' || roots === 'true'))
      .sort((a, b) => byName(a, b) * (sort === `-${CATEGORY_DEFAULT_SORT}` ? -1 : 1))
      .map((category) => withIncludes(category, includes));
    return listAnswer(categorySchema, found, url, CATEGORY_PAGE_SIZE);
  }),
  http.get(apiUrl('v1/categories/:id'), ({ request, params }) => {
    const category = find(Number(params.id));
    const includes = new URL(request.url).searchParams.get('include')?.split(',') ?? [];
    return category ? answer(categorySchema, withIncludes(category, includes)) : fail(404, CATEGORY_NOT_FOUND);
  }),
  http.post(apiUrl('v1/categories'), async ({ request }) => {
    const fields = await formFields(request);
    categoriesDb.requests.push({ method: 'create', fields });
    const refused = validate(fields);
    if (refused) return refused;
    const category = apply(buildCategory(), fields);
    categoriesDb.categories.push(category);
    return answer(categorySchema, withIncludes(category, ['parent', 'subcategories']), CATEGORY_ANSWERS.created, 201);
  }),
  http.post(apiUrl('v1/categories/:id'), async ({ request, params }) => {
    const id = Number(params.id);
    const fields = await formFields(request);
    categoriesDb.requests.push({ method: 'update', id, fields });
    const index = categoriesDb.categories.findIndex((candidate) => candidate.id === id);
    if (index < 0) return fail(404, CATEGORY_NOT_FOUND);
    const refused = validate(fields, id);
    if (refused) return refused;
    const category = apply(categoriesDb.categories[index]!, fields);
    categoriesDb.categories[index] = category;
    return answer(categorySchema, withIncludes(category, ['parent', 'subcategories']), CATEGORY_ANSWERS.updated);
  }),
  http.get(apiUrl('v1/categories/:id/deletion'), ({ params }) => {
    const id = Number(params.id);
    if (!find(id)) return fail(404, CATEGORY_NOT_FOUND);
    return deletionAnswer(deleteRefusal(id));
  }),
  http.delete(apiUrl('v1/categories/:id'), ({ params }) => {
    const id = Number(params.id);
    if (!find(id)) return fail(404, CATEGORY_NOT_FOUND);
    const refusal = deleteRefusal(id);
    if (refusal) return fail(409, refusal);
    categoriesDb.categories = categoriesDb.categories.filter((category) => category.id !== id);
    return answer(z.null(), null, CATEGORY_ANSWERS.deleted);
  }),
];
