import type { FieldErrors } from './errors';

export type SuccessEnvelope<T> = { status: 'success'; message: string | null; data: T };
export type ErrorBody = { status: 'error'; message: string; errors?: FieldErrors };

/** The success envelope every handler returns. */
export const success = <T>(data: T, message: string | null = null): SuccessEnvelope<T> => ({
  status: 'success',
  message,
  data,
});

export const errorBody = (message: string, errors?: FieldErrors): ErrorBody =>
  errors ? { status: 'error', message, errors } : { status: 'error', message };
