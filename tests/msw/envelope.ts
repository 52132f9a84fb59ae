import { deletionCheck, errorEnvelope, successEnvelope } from '@contract/common';
import { VALIDATION_FAILED_MESSAGE, STALE_VERSION } from '@contract/messages';
import { HttpResponse } from 'msw';
import { z } from 'zod';

/**
 * Answers of the shared handlers that their contract schema refused. A handler that strays from
 * the contract throws (the call fails) and leaves its reason here, and the test setup fails the
 * test with it, so a mock can never drift from what the server really answers.
 */
export const contractBreaches: string[] = [];

/** Records why a handler strayed from the contract and fails the call. */
export function breach(reason: string): never {
  contractBreaches.push(reason);
  throw new Error(reason);
}

/** `body` as `schema` reads it, or a recorded breach. */
export function checked<S extends z.ZodType>(schema: S, body: unknown, what: string): z.output<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  return breach(`${what} no cumple el contrato:\n${z.prettifyError(parsed.error)}`);
}

/** A success answer whose `data` is checked against the contract's schema of it. */
export const answer = <S extends z.ZodType>(schema: S, data: z.input<S>, message: string | null = null, status = 200) =>
  HttpResponse.json(checked(successEnvelope(schema), { status: 'success', message, data }, `La respuesta ${status}`), { status });

/** A success answer without a checked `data`, for a test's own one-off answers (`server.use`). */
export const ok = <T>(data: T, message: string | null = null, status = 200) =>
  HttpResponse.json({ status: 'success', message, data }, { status });

export const fail = (status: number, message: string, errors?: Record<string, string[]>) =>
  HttpResponse.json(checked(errorEnvelope, { status: 'error', message, ...(errors ? { errors } : {}) }, `El error ${status}`), { status });

/**
 * The 409 of a write whose version (If-Match, or the body's `version`) is no longer the record's,
 * with the record as it is now; null when it is current or none was sent. As server/http/versions.ts.
 */
export function staleVersionAnswer(request: Request, body: Record<string, unknown> | undefined, current: { version?: number }): Response | null {
  const header = request.headers.get('if-match')?.replace(/^W\//, '').replaceAll('"', '');
  const sent = header && header !== '*' ? Number(header) : body?.version === undefined || body.version === '' ? undefined : Number(body.version);
  if (sent === undefined || current.version === undefined || sent === current.version) return null;
  return HttpResponse.json(checked(errorEnvelope, { status: 'error', message: STALE_VERSION, errors: {}, data: { current } }, 'El error 409'), { status: 409 });
}

/** The answer of `GET …/:id/deletion`: deletable unless there is a reason not to. */
export const deletionAnswer = (reason: string | null) => answer(deletionCheck, { deletable: reason === null, reason });

/** A 422 with its field errors, as the server words it. */
export const invalid = (errors: Record<string, string[]>) => fail(422, VALIDATION_FAILED_MESSAGE, errors);

export const apiUrl = (path: string) => `http://localhost:3000/api/${path.replace(/^\//, '')}`;
