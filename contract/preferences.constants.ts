// No zod here: the theme is applied before the panel's first paint.

/** 'Tema: Claro / Oscuro / Sistema'; `auto` follows the system's setting. Mantine's own names. */
export const COLOR_SCHEMES = ['light', 'dark', 'auto'] as const;
export type ColorScheme = (typeof COLOR_SCHEMES)[number];

export const COLOR_SCHEME_LABELS: Record<ColorScheme, string> = { light: 'Claro', dark: 'Oscuro', auto: 'Sistema' };

/** The tables with a column picker; each person's choice is kept in their preferences. */
export const COLUMN_TABLES = ['users', 'bookings', 'audit', 'sales'] as const;
export type ColumnTable = (typeof COLUMN_TABLES)[number];
