/**
 * PostgreSQL errors a handler turns into a Spanish 409. drizzle wraps the driver's error
 * (node-postgres or PGlite) in `cause`, so the chain is walked.
 */
interface PgError {
  code: string;
  constraint?: string;
}

const pgError = (error: unknown): PgError | undefined => {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return current as PgError;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
};

const violated = (error: unknown, code: string): string | undefined => {
  const found = pgError(error);
  return found?.code === code ? (found.constraint ?? code) : undefined;
};

/** 23505: the unique constraint's name when a write hit one, else undefined. */
export const uniqueViolation = (error: unknown): string | undefined => violated(error, '23505');

/** 23503: the foreign key's name when a row is still referenced (or would reference a missing one). */
export const foreignKeyViolation = (error: unknown): string | undefined => violated(error, '23503');
