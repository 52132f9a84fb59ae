import { VALIDATION_FAILED_MESSAGE } from '@contract/messages';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { FastifyError, FastifyInstance } from 'fastify';
import { bodyErrorToAppError } from './body';
import { errorBody } from './envelope';
import { AppError, type FieldErrors } from './errors';

const INTERNAL_ERROR = 'Ocurrió un error inesperado en el servidor. Inténtalo de nuevo más tarde.';

/** `/plans/0/plan_id` → `plans.0.plan_id`, the way the panel names its fields. */
const fieldName = (instancePath: string) => instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';

const statusMessages: Record<number, string> = {
  400: 'La petición no es válida.',
  401: 'Debes iniciar sesión para continuar.',
  403: 'No tienes permiso para realizar esta acción.',
  404: 'El recurso solicitado no existe.',
  405: 'Método no permitido.',
  413: 'El cuerpo de la petición es demasiado grande.',
  415: 'Tipo de contenido no admitido.',
  429: 'Demasiadas peticiones. Espera un momento.',
};

/** A schema validation's issues, by field, as a 422's `errors` name them. */
export function validationErrorsOf(error: Pick<FastifyError, 'validation'>): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.validation ?? []) (errors[fieldName(issue.instancePath)] ??= []).push(issue.message ?? 'Valor no válido.');
  return errors;
}

/** Turns every error into the wire contract's error envelope, in Spanish, without internals. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = validationErrorsOf(error);
      // A bad body is a validation failure (422); a bad query string or path is a bad request (400).
      const status = error.validationContext === 'body' ? 422 : 400;
      const first = Object.values(errors)[0]?.[0];
      const message = status === 422 ? VALIDATION_FAILED_MESSAGE : (first ?? statusMessages[400]!);
      return reply.status(status).send(errorBody(message, status === 422 ? errors : undefined));
    }

    const appError = error instanceof AppError ? error : bodyErrorToAppError(error);
    if (appError) {
      if (appError.statusCode >= 500) request.log.error({ err: error.cause ?? error }, appError.message);
      if (appError.headers) reply.headers(appError.headers);
      return reply.status(appError.statusCode).send(errorBody(appError.message, appError.errors, appError.data));
    }

    // fastify's own 4xx errors (e.g. a rate-limited or malformed request) keep their status.
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) {
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send(errorBody(INTERNAL_ERROR));
    }
    return reply.status(status).send(errorBody(statusMessages[status] ?? statusMessages[400]!));
  });
}
