import { z } from 'zod';
import { SEARCH_DEFAULT_LIMIT, SEARCH_MAX_LENGTH, SEARCH_MAX_LIMIT, SEARCH_MESSAGES, SEARCH_MIN_LENGTH, SEARCH_TYPES } from './search.constants';

export * from './search.constants';

/** `GET /api/v1/search?q=…&limit=…`. */
export const searchQuery = z.object({
  q: z
    .string({ error: SEARCH_MESSAGES.qTooShort })
    .trim()
    .min(SEARCH_MIN_LENGTH, SEARCH_MESSAGES.qTooShort)
    .max(SEARCH_MAX_LENGTH, SEARCH_MESSAGES.qTooLong),
  limit: z.coerce
    .number({ error: SEARCH_MESSAGES.limit })
    .int(SEARCH_MESSAGES.limit)
    .min(1, SEARCH_MESSAGES.limit)
    .max(SEARCH_MAX_LIMIT, SEARCH_MESSAGES.limit)
    .default(SEARCH_DEFAULT_LIMIT),
  /** The IANA zone a booking's time is written in (America/Bogota when absent), as the bookings list reads `tz`. */
  tz: z.string().optional(),
});
export type SearchQuery = z.input<typeof searchQuery>;

/** One record found: what the palette shows of it, and the panel path that opens it. */
export const searchResult = z.object({
  type: z.enum(SEARCH_TYPES),
  id: z.number().int(),
  title: z.string(),
  subtitle: z.string().nullable(),
  /** A panel path, e.g. `/sponsor/4`, `/agendamientos?dsp=2&booking=17`. */
  url: z.string(),
});
export type SearchResult = z.infer<typeof searchResult>;
