import type { FieldErrors } from './errors';

export type SuccessEnvelope<T> = { status: 'success'; message: string | null; data: T };
export type ErrorBody = { status: 'error'; message: string; errors?: FieldErrors; data?: unknown };

/** The success envelope every handler returns. */
export const success = <T>(data: T, message: string | null = null): SuccessEnvelope<T> => ({
  status: 'success',
  message,
  data,
});

export const errorBody = (message: string, errors?: FieldErrors, data?: unknown): ErrorBody => ({
  status: 'error',
  message,
  ...(errors && { errors }),
  ...(data !== undefined && { data }),
});
