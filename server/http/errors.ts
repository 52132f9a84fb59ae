import { VALIDATION_FAILED_MESSAGE } from '@contract/messages';

/** Field errors as the wire contract sends them: one list of Spanish messages per field. */
export type FieldErrors = Record<string, string[]>;

/**
 * The one error type handlers throw. The central error handler turns it into the error envelope
 * with its status; anything else becomes a 500 that does not leak internals.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldErrors,
    /** Extra headers for the answer, e.g. Retry-After on a 429. */
    readonly headers?: Record<string, string>,
    /** What the error envelope carries besides its message, e.g. the record as it is now on a stale write. */
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string) => new AppError(400, message);
export const unauthorized = (message = 'No has iniciado sesión o tu sesión expiró.') => new AppError(401, message);
export const forbidden = (message = 'No tienes permiso para realizar esta acción.') => new AppError(403, message);
export const notFound = (message = 'El recurso solicitado no existe.') => new AppError(404, message);
export const conflict = (message: string, errors?: FieldErrors) => new AppError(409, message, errors);
/** 410: what was asked for existed but is gone for good (a restore past its window). */
export const gone = (message: string) => new AppError(410, message);
/** `field` names the form field refused, so a form can show the message under it. */
const underField = (message: string, field?: string): FieldErrors | undefined => (field ? { [field]: [message] } : undefined);
export const payloadTooLarge = (message = 'El archivo supera el máximo de 10 MB.', field?: string) =>
  new AppError(413, message, underField(message, field));
export const unsupportedMediaType = (message: string, field?: string) => new AppError(415, message, underField(message, field));
export const validationFailed = (errors: FieldErrors, message = VALIDATION_FAILED_MESSAGE) =>
  new AppError(422, message, errors);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, message, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
