import { z } from 'zod';
import { COLOR_SCHEMES, COLUMN_TABLES } from './preferences.constants';

export * from './preferences.constants';

const columnIds = z.array(z.string().trim().min(1).max(50)).max(30);

/** GET /api/auth/me/preferences: what this person chose, kept on the server (any browser). */
export const preferences = z.object({
  color_scheme: z.enum(COLOR_SCHEMES),
  /** Each table's visible columns in order (ids of TABLE_COLUMNS); a table missing here shows its default columns. */
  columns: z.partialRecord(z.enum(COLUMN_TABLES), columnIds),
});
export type Preferences = z.infer<typeof preferences>;

/**
 * PUT /api/auth/me/preferences: any subset; what is not sent is kept, a table's columns included
 * when only another table's are sent. Ids a table does not have are dropped; an empty list (or one
 * with no known id) goes back to the table's default columns.
 */
export const preferencesBody = z.object({
  color_scheme: z.enum(COLOR_SCHEMES, { error: 'El tema debe ser light, dark o auto.' }).optional(),
  columns: z.partialRecord(z.enum(COLUMN_TABLES, { error: 'La tabla no es válida.' }), columnIds).optional(),
});
export type PreferencesBody = z.input<typeof preferencesBody>;

/** The preferences of someone who never chose anything. */
export const DEFAULT_PREFERENCES: Preferences = { color_scheme: 'auto', columns: {} };
