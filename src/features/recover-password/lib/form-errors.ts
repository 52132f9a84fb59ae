import { ApiError } from '@/shared/api';

/** The server's validation messages, the first per field, for showing under the form's fields. */
export const serverFieldErrors = (error: unknown): Record<string, string | undefined> =>
  error instanceof ApiError
    ? Object.fromEntries(Object.keys(error.fieldErrors).map((field) => [field, error.fieldError(field)]))
    : {};
