import { RESTORE_GONE } from '@contract/restore';
import {
  CATEGORY_DEFAULT_SORT,
  CATEGORY_FIELDS,
  CATEGORY_INCLUDES,
  CATEGORY_MESSAGES,
  CATEGORY_NOT_FOUND,
  CATEGORY_PAGE_SIZE,
  type CATEGORY_SORTS,
  type Category,
  category,
  type categoryFields,
} from '@contract/category';
import { eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { auditTrail, storedFileName } from '../../db/audit-trail';
import type { Db, Tx } from '../../db/client';
import { defineWrites } from '../../db/record-writes';
import { campaignCategories, categories } from '../../db/schema';
import { containsText, sortableText } from '../../db/sortable-text';
import type { Actor } from '../../http/actor';
import { notFound, validationFailed } from '../../http/errors';
import { booleanFilter, idFilter } from '../../http/filter-values';
import { defineItem, fileUrl, isoTime, type ItemSql, many, one, relationAt, sameNamed } from '../../http/item-sql';
import { csvTime } from '../../http/csv';
import { defineList } from '../../http/list';
import type { UploadedFile } from '../../http/uploads';
import type { Storage } from '../../storage';

export type CategoryRow = typeof categories.$inferSelect;
type CategoryInput = z.output<typeof categoryFields> & { image?: UploadedFile };

export { CATEGORY_NOT_FOUND };

/** The advisory lock every catalogue update holds (the migrations' lock is 724501). */
const TREE_LOCK = 724502;

/** A catalogue category as the API answers it (parent and subcategories come with `include`). */
const categoryItem: ItemSql<typeof categories, Category> = defineItem(category, {
  table: categories,
  id: categories.id,
  fields: (category) => ({
    ...sameNamed(category, ['id', 'name', 'description']),
    image_url: fileUrl(category.imagePath),
    parent_id: category.parentId,
    created_at: isoTime(category.createdAt),
    updated_at: isoTime(category.updatedAt),
    version: category.version,
  }),
  // Made as the statement is written: the relations are categories too, of this very item.
  relations: {
    parent: relationAt(() => one(categoryItem, (parent, child: typeof categories) => eq(parent.id, child.parentId), ['id', 'name'])),
    subcategories: relationAt(() => many(categoryItem, (child, parent: typeof categories) => eq(child.parentId, parent.id), (child) => [sortableText(child.name), child.id])),
  },
});

const history = auditTrail({
  resource: 'category',
  id: (item: Category) => item.id,
  label: (item) => item.name,
  fields: (item) => ({ name: item.name, description: item.description, parent_id: item.parent_id, image: storedFileName(item.image_url) }),
});

/** A catalogue category's id, parent and name; `db` may be a write's transaction. */
export const findCategory = async (db: Db | Tx, id: number) =>
  (await db.select({ id: categories.id, parentId: categories.parentId, name: categories.name }).from(categories).where(eq(categories.id, id)))[0];

export function createCategoryService({ db, storage, log }: { db: Db; storage: Storage; log: FastifyBaseLogger }) {
  const list = defineList({
    db,
    shown: categoryItem,
    filters: {
      q: {
        description: 'Busca en nombre y descripción, sin distinguir mayúsculas ni tildes.',
        where: (value) => or(containsText(categories.name, value), containsText(categories.description, value)),
      },
      parent_id: { description: 'Solo las subcategorías directas de esta categoría.', where: (value) => eq(categories.parentId, idFilter('parent_id', value)) },
      roots: {
        description: '1: solo las categorías padre (sin padre); 0: solo las subcategorías.',
        where: (value) => (booleanFilter('roots', value) ? isNull(categories.parentId) : isNotNull(categories.parentId)),
      },
    },
    sorts: { id: categories.id, name: sortableText(categories.name), created_at: categories.createdAt } satisfies Record<(typeof CATEGORY_SORTS)[number], unknown>,
    defaultSort: CATEGORY_DEFAULT_SORT,
    defaultLimit: CATEGORY_PAGE_SIZE,
    fields: CATEGORY_FIELDS,
    includes: { list: CATEGORY_INCLUDES },
    csv: {
      file: 'categorias',
      summary: 'Las categorías del catálogo filtradas, en CSV',
      includes: ['parent'],
      columns: [
        { header: 'ID', cell: (item) => item.id },
        { header: 'Nombre', cell: (item) => item.name },
        { header: 'Padre', cell: (item) => item.parent?.name },
        { header: 'Descripción', cell: (item) => item.description },
        { header: 'Creado', cell: (item, { timeZone }) => csvTime(item.created_at, timeZone) },
      ],
    },
  });

  const find = async (id: number): Promise<CategoryRow> => {
    const [row] = await db.select().from(categories).where(eq(categories.id, id));
    if (!row) throw notFound(CATEGORY_NOT_FOUND);
    return row;
  };

  const parentError = (message: string) => validationFailed({ parent_id: [message] });

  /**
   * The parent must exist and, for an existing category, must not be the category itself or one
   * of its descendants: walking up from the new parent never reaches the category. `conn` is the
   * update's transaction, holding the lock that serialises parent changes.
   */
  const checkParent = async (conn: Db | Tx, parentId: number | null | undefined, selfId?: number) => {
    if (parentId === null || parentId === undefined) return;
    if (parentId === selfId) throw parentError(CATEGORY_MESSAGES.parentCycle);
    const parent = await findCategory(conn, parentId);
    if (!parent) throw parentError(CATEGORY_MESSAGES.parentMissing);
    if (selfId === undefined) return;
    const seen = new Set<number>([parent.id]);
    let next = parent.parentId;
    while (next !== null) {
      if (next === selfId) throw parentError(CATEGORY_MESSAGES.parentCycle);
      if (seen.has(next)) break;
      seen.add(next);
      next = (await findCategory(conn, next))?.parentId ?? null;
    }
  };

  const writes = defineWrites({
    db,
    storage,
    log,
    table: categories,
    id: categories.id,
    notFound: CATEGORY_NOT_FOUND,
    restoreNeeds: [{ constraint: 'categories_parent_id_categories_id_fk', field: 'parent_id', message: RESTORE_GONE.categoryParent }],
    // With the relations a write answers: its parent and subcategories.
    present: (row, tx) => list.presentHeld<Category>(row.id, ['parent', 'subcategories'], tx),
    history,
    files: { image: { column: 'imagePath', folder: 'categories', label: 'imagen' } },
    dependents: [
      { table: categories, column: categories.parentId, noun: ['subcategoría', 'subcategorías'] },
      { table: campaignCategories, column: campaignCategories.categoryId, noun: ['categoría de campaña', 'categorías de campaña'] },
    ],
    // Two moves at once (A under B, B under A) would each see no cycle: updates go one at a time,
    // taking this lock before the row's own so that they never wait on each other in a circle.
    lockBeforeUpdate: (tx) => tx.execute(sql`select pg_advisory_xact_lock(${TREE_LOCK})`),
    unique: [{ field: 'name', index: 'categories_parent_name_unique', message: CATEGORY_MESSAGES.nameTaken }],
  });

  return {
    list,
    find,

    async create(input: CategoryInput, actor: Actor): Promise<Category> {
      await checkParent(db, input.parent_id);
      const values = { name: input.name, description: input.description ?? null, parentId: input.parent_id ?? null };
      return writes.create(values, { image: input.image }, actor);
    },

    async update(id: number, input: Partial<CategoryInput>, actor: Actor, version?: number): Promise<Category> {
      const changes = async (_before: CategoryRow, tx: Tx) => {
        // Under the tree lock (lockBeforeUpdate): the ancestors read here are the committed ones.
        if (input.parent_id !== undefined) await checkParent(tx, input.parent_id, id);
        return {
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          ...(input.parent_id !== undefined ? { parentId: input.parent_id } : {}),
        };
      };
      return writes.update(id, changes, { image: input.image }, actor, { version });
    },

    remove: writes.remove,
    restorer: writes.restorer,
    deletion: writes.deletion,
  };
}
