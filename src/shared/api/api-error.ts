export type FieldErrors = Record<string, string[]>;

/** What every failed call throws: the server's Spanish message (or the caller's fallback). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly fieldErrors: FieldErrors = {},
    /** On a 409 for a stale version: the record as it is now (`data.current`). */
    readonly current?: unknown,
    /** The server's id of the request (`request_id`, the `X-Request-Id` it logged it under), for support. */
    readonly requestId?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The first message for a field, for showing under it. */
  fieldError(field: string): string | undefined {
    return this.fieldErrors[field]?.[0];
  }
}

/**
 * The record as it is now when a write was refused because someone else changed it since it was
 * read (409 with `data.current`); undefined for any other failure.
 */
export const staleRecord = <T = unknown>(error: unknown): T | undefined =>
  error instanceof ApiError && error.status === 409 && error.current !== undefined ? (error.current as T) : undefined;

/** The id the server logged the failed request under, when it answered one: what staff quote to support. */
export const requestIdOf = (error: unknown): string | undefined => (error instanceof ApiError ? error.requestId : undefined);

/** The message to show for any error a call or a form produced. */
export const errorMessage = (error: unknown, fallback: string): string => {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
};

/**
 * The server's field errors (422/409, and 413/415 for a refused upload, which name its field) for a
 * form: the first message per field, nested names (`roles.0`) under their base field, and server
 * names renamed where the form differs.
 */
export const formFieldErrors = (error: unknown, { rename = {} }: { rename?: Record<string, string> } = {}): Record<string, string> => {
  const errors: Record<string, string> = {};
  if (!(error instanceof ApiError)) return errors;
  for (const [key, messages] of Object.entries(error.fieldErrors)) {
    const base = key.split('.')[0] ?? key;
    const field = rename[base] ?? base;
    if (messages[0] && !errors[field]) errors[field] = messages[0];
  }
  return errors;
};
