import { errorEnvelope, versionField } from '@contract/common';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';

/**
 * Optimistic concurrency on the wire: a detail answers its version as `ETag: "3"`; a write sends
 * it back as `If-Match: "3"` (or, from a form, as `version`) and is refused with a 409 when the
 * record has changed since. A write without either is accepted as before.
 */
const IF_MATCH_MESSAGE = 'If-Match debe ser la versión del registro tal como la envía ETag, por ejemplo "3".';

const ifMatch = z
  .string()
  .trim()
  .regex(/^(\*|(W\/)?"?\d{1,9}"?)$/, IF_MATCH_MESSAGE)
  .optional()
  .describe('La versión que leíste (ETag del detalle, o version del registro). Si ya no es la actual: 409 y nada cambia. * o sin cabecera: sin comprobar.');

/** The headers of a write that may carry the version it read. */
export const versionHeaders = z.object({ 'if-match': ifMatch });

/** The body field a form sends the same version in (If-Match, when both come, is the one compared). */
export const bodyVersion = { version: versionField };

/** The version a write expects: If-Match first, then the body's `version`; undefined (or `*`) accepts any. */
export function expectedVersion(headers: { 'if-match'?: string | undefined }, body?: unknown): number | undefined {
  const header = headers['if-match']?.trim();
  if (header && header !== '*') return Number(header.replace(/^W\//, '').replaceAll('"', ''));
  const fromBody = body && typeof body === 'object' ? (body as { version?: unknown }).version : undefined;
  return typeof fromBody === 'number' ? fromBody : undefined;
}

/** Sends a record's version as its ETag, when it has one. */
export function sendVersion(reply: FastifyReply, record: unknown): void {
  const version = record && typeof record === 'object' ? (record as { version?: unknown }).version : undefined;
  if (typeof version === 'number') reply.header('etag', `"${version}"`);
}

/**
 * What a write route that takes a version declares: the If-Match header, `version` in its body,
 * and the 409 with the record as it is now (resourceRoutes' updates and deletes, the status PATCHes).
 */
export const versionedWrite = <B extends z.ZodObject>(body: B, item: z.ZodType) => ({
  headers: versionHeaders,
  // safeExtend: a body's own refinements are kept (extend refuses a refined object).
  body: body.safeExtend(bodyVersion) as unknown as z.ZodObject<B['shape'] & typeof bodyVersion>,
  conflict: staleVersionAnswer(item),
});

/** The 409 a write with a stale version answers, as /api/docs shows it (a 409 for another reason has no `data`). */
export const staleVersionAnswer = (item: z.ZodType) =>
  errorEnvelope.extend({ data: z.object({ current: item }).optional() }).describe('Otra persona cambió el registro (data.current es como está ahora), o un conflicto de nombre o dependencias (sin data).');
