import { type DeletionCheck, deletionCheck, idParam, successEnvelope } from '@contract/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Access } from './access';
import { type Actor, actorOf } from './actor';
import { success } from './envelope';

const CHECK_DESCRIPTION =
  'Se consulta antes de abrir el diálogo de eliminar, con el mismo permiso que el DELETE: deletable y, si es false, reason, ' +
  'el mismo texto que daría el DELETE. 404 si no existe. El DELETE vuelve a comprobarlo, por si algo cambió entre medias.';

/**
 * The two routes of a deletable record, both with the same permission: `DELETE {path}/:id` and
 * `GET {path}/:id/deletion`, which the panel asks before its delete dialog opens. The service's
 * `remove` and `deletion` come from one write path, so the answer and the refusal always agree.
 */
export function deleteRoutes(
  app: FastifyInstance,
  options: {
    /** The collection's path, e.g. '/api/v1/sponsors'. */
    path: string;
    access: Access;
    tags: string[];
    /** E.g. 'Elimina un sponsor y su logo'. */
    summary: string;
    /** E.g. '¿Se puede eliminar este sponsor?'. */
    question: string;
    /** What refuses it, for the documentation, e.g. 'Un sponsor que todavía tiene campañas no se elimina: 409 …'. */
    refusals?: string;
    /** The answer's message once it is gone. */
    deleted: string;
    service: { remove(id: number, actor: Actor): Promise<unknown>; deletion(id: number, actor: Actor): Promise<DeletionCheck> };
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { path, access, tags, service } = options;
  r.delete(
    `${path}/:id`,
    {
      config: { access },
      schema: { tags, summary: options.summary, description: options.refusals, params: idParam, response: { 200: successEnvelope(z.null()) } },
    },
    async (request) => {
      await service.remove(request.params.id, actorOf(request));
      return success(null, options.deleted);
    },
  );
  r.get(
    `${path}/:id/deletion`,
    {
      config: { access },
      schema: {
        tags,
        summary: options.question,
        description: options.refusals ? `${CHECK_DESCRIPTION} ${options.refusals}` : CHECK_DESCRIPTION,
        params: idParam,
        response: { 200: successEnvelope(deletionCheck) },
      },
    },
    async (request) => success(await service.deletion(request.params.id, actorOf(request))),
  );
}
