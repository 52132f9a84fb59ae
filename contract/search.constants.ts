// No zod here: the panel's first load (the Ctrl+K listener) reads these without the schemas.

/** What the global search finds, in the order its groups are shown. */
export const SEARCH_TYPES = ['sponsor', 'campaign', 'plan', 'service', 'category', 'dsp', 'customer', 'booking', 'user', 'provider'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** Each group's heading in the palette. */
export const SEARCH_TYPE_LABELS: Record<SearchType, string> = {
  sponsor: 'Sponsors',
  campaign: 'Campañas',
  plan: 'Planes',
  service: 'Servicios',
  category: 'Categorías',
  dsp: 'DSP',
  customer: 'Clientes',
  booking: 'Agendamientos',
  user: 'Usuarios',
  provider: 'Proveedores',
};

export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_MAX_LENGTH = 100;
export const SEARCH_DEFAULT_LIMIT = 20;
export const SEARCH_MAX_LIMIT = 50;

export const SEARCH_MESSAGES = {
  qTooShort: `Escribe al menos ${SEARCH_MIN_LENGTH} caracteres para buscar.`,
  qTooLong: `La búsqueda no puede superar ${SEARCH_MAX_LENGTH} caracteres.`,
  limit: `El parámetro limit debe ser un número entre 1 y ${SEARCH_MAX_LIMIT}.`,
} as const;
