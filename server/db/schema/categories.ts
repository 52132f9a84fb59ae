import { sql } from 'drizzle-orm';
import { foreignKey, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { foldedName } from '../sortable-text';
import { recordColumns } from './record-columns';

/**
 * The global catalogue of categories: roots ('Padre') and their subcategories, at any depth but
 * never in a cycle (the API refuses a parent that descends from the category).
 */
export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    /** Null for a root category. A category with subcategories cannot be deleted. */
    parentId: integer('parent_id'),
    imagePath: text('image_path'),
    ...recordColumns,
  },
  (table) => [
    foreignKey({ name: 'categories_parent_id_categories_id_fk', columns: [table.parentId], foreignColumns: [table.id] }).onDelete('restrict'),
    index('categories_parent_idx').on(table.parentId),
    /** Under one parent (or among the roots), two categories never share a name (case, accents and surrounding spaces ignored). */
    uniqueIndex('categories_parent_name_unique').using('btree', sql`coalesce(${table.parentId}, 0)`, foldedName(table.name)),
  ],
);
