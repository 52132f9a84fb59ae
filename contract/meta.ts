import { z } from 'zod';

/** Longest `meta`, as text or as its JSON. */
export const MAX_META_LENGTH = 10_000;

export const META_MESSAGES = {
  invalidJson: 'meta empieza como JSON pero no es un JSON válido.',
  tooLong: `meta no puede superar ${MAX_META_LENGTH} caracteres.`,
} as const;

/**
 * `meta` of a plan or a service: free text or JSON. A JSON body's value is kept as sent; text that
 * starts with '{' or '[' must be valid JSON (a typo is refused rather than stored as text) and is
 * kept as that JSON; any other text is kept trimmed. Empty clears it.
 */
export const metaField = z.unknown().transform((value, ctx): unknown => {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') {
    const text = value.trim();
    if (text === '') return null;
    if (text.startsWith('{') || text.startsWith('[')) {
      try {
        value = JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: META_MESSAGES.invalidJson });
        return z.NEVER;
      }
    } else {
      value = text;
    }
  }
  if (JSON.stringify(value).length > MAX_META_LENGTH) {
    ctx.addIssue({ code: 'custom', message: META_MESSAGES.tooLong });
    return z.NEVER;
  }
  return value;
});

/** A stored `meta` as a form edits it: text as it is, JSON written out. */
export const metaAsText = (meta: unknown): string => {
  if (meta === null || meta === undefined) return '';
  return typeof meta === 'string' ? meta : JSON.stringify(meta, null, 2);
};
