import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { foldedName } from '../sortable-text';
import { roles, users } from './auth';

/** What one person chose for the panel: the theme and each table's columns. No row: the defaults. */
export const userPreferences = pgTable('user_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** 'light', 'dark' or 'auto' (contract/preferences.constants.ts). */
  colorScheme: text('color_scheme').notNull().default('auto'),
  /** `{table: [column ids in order]}`. */
  columns: jsonb('columns').$type<Record<string, string[]>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => sql`now()`),
});

/** A list's filters, sort and columns saved under a name by one person, maybe shared with roles. */
export const savedViews = pgTable(
  'saved_views',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** One of SAVED_VIEW_LISTS. */
    list: text('list').notNull(),
    name: text('name').notNull(),
    /** The list's URL search string, only the keys the list knows. */
    query: text('query').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => sql`now()`),
  },
  (table) => [
    // The guards against two writes racing: one name per owner and list, one default per owner and list.
    uniqueIndex('saved_views_owner_list_name_unique').on(table.ownerId, table.list, foldedName(table.name)),
    uniqueIndex('saved_views_owner_list_default_unique').on(table.ownerId, table.list).where(sql`${table.isDefault}`),
  ],
);

/** The roles a view is shared with: whoever holds one of them sees the view. */
export const savedViewRoles = pgTable(
  'saved_view_roles',
  {
    viewId: integer('view_id')
      .notNull()
      .references(() => savedViews.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.viewId, table.roleId] }), index('saved_view_roles_role_idx').on(table.roleId, table.viewId)],
);
