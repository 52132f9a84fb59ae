// No zod here: the theme is applied before the panel's first paint.

/** 'Tema: Claro / Oscuro / Sistema'; `auto` follows the system's setting. Mantine's own names. */
export const COLOR_SCHEMES = ['light', 'dark', 'auto'] as const;
export type ColorScheme = (typeof COLOR_SCHEMES)[number];

export const COLOR_SCHEME_LABELS: Record<ColorScheme, string> = { light: 'Claro', dark: 'Oscuro', auto: 'Sistema' };

/** The tables with a column picker; each person's choice is kept in their preferences. */
export const COLUMN_TABLES = ['users', 'bookings', 'audit', 'sales'] as const;
export type ColumnTable = (typeof COLUMN_TABLES)[number];

/**
 * The columns a person may show, hide and reorder in each table, by id, in their default order (the
 * ids of the tables' column definitions). A table's buttons ('Acciones') are not among them: they
 * always come last. The server keeps only these ids, so a renamed or removed column drops out of
 * everyone's choice instead of breaking it.
 */
export const TABLE_COLUMNS = {
  users: ['user', 'contact', 'roles', 'is_active'],
  bookings: ['code_ref', 'customer', 'plan', 'scheduled_at', 'status'],
  audit: ['created_at', 'actor', 'action', 'record'],
  sales: ['customer', 'dsp', 'plan', 'created_at', 'amount', 'method', 'status'],
} as const satisfies Record<ColumnTable, readonly string[]>;
export type TableColumn<Table extends ColumnTable> = (typeof TABLE_COLUMNS)[Table][number];

/**
 * A choice of columns as kept: the known ids of `table`, each once, in the order given; an empty
 * result means none of them was known, and the table shows its default columns.
 */
export function knownColumns(table: ColumnTable, ids: readonly string[]): string[] {
  const known: readonly string[] = TABLE_COLUMNS[table];
  return [...new Set(ids)].filter((id) => known.includes(id));
}
