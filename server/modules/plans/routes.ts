import { idParam, recordIdParam } from '@contract/common';
import { PLAN_ANSWERS, PLAN_MESSAGES, plan, planFields, planUpdateFields } from '@contract/plan';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { FILE_WRITE_TYPES, fileField } from '../../http/file-field';
import { resourceRoutes } from '../../http/resource-routes';
import type { Storage } from '../../storage';
import { createPlanService } from './service';

const tags = ['Planes'];

const files = {
  image: fileField(PLAN_MESSAGES.imageNotFile).optional(),
  document: fileField(PLAN_MESSAGES.documentNotFile).optional(),
};
const createBody = planFields.extend(files);
const updateBody = planUpdateFields.extend(files);
const campaignIdParam = z.object({ campaignId: recordIdParam });

const WRITE_DESCRIPTION =
  'multipart/form-data (o JSON sin archivos): name y description (requeridos, sin espacios alrededor), price (como se escribe: 30.000, 30,99, ' +
  '$ 1.250.000, 1.250.000,50 o 1,250,000.50; ≥ 0, 2 decimales; se guarda exacto), status (DRAFT por defecto; DRAFT, ACTIVE o INACTIVE), ' +
  'inclusions y exclusions (texto, una por línea), commitment_months (1, 3, 6, 12, 18 o 24; 1 por defecto), trial_days (entero ≥ 0), ' +
  'auto_renew (1/0/true/false), meta (texto o JSON), apolo_code_ref (vacío = sin código), plan_id (el plan base si es una mejora: otro plan de ' +
  'la misma campaña, nunca él mismo ni formando un ciclo), image (PNG, JPG o GIF) y document (PDF), ambos por su contenido y de 10 MB como máximo ' +
  '(415 / 413). El nombre es único dentro de su campaña, sin distinguir mayúsculas, tildes ni espacios alrededor (409 con el error en name).';

export async function planRoutes(app: FastifyInstance, { db, storage }: { db: Db; storage: Storage }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createPlanService({ db, storage, log: app.log });

  resourceRoutes(app, {
    path: '/api/v1/plans',
    access: 'sponsors.manage',
    tags,
    list: service.list,
    item: plan,
    consumes: FILE_WRITE_TYPES,
    index: { summary: 'Lista paginada de planes de todas las campañas' },
    detail: { summary: 'Un plan', find: (id) => service.find(id) },
    create: {
      path: '/api/v1/campaigns/:campaignId/plans',
      params: campaignIdParam,
      summary: 'Crea un plan en una campaña',
      description: `${WRITE_DESCRIPTION} 404 si la campaña no existe. Responde 201 con el plan, su campaña y su plan base.`,
      body: createBody,
      message: PLAN_ANSWERS.created,
      run: (body, actor, { campaignId }) => service.create(campaignId, body, actor),
    },
    update: {
      summary: 'Actualiza un plan (también POST con _method=PUT)',
      description:
        `${WRITE_DESCRIPTION} Los campos ausentes no cambian; un campo opcional vacío se borra (plan_id vacío: deja de ser una mejora). ` +
        'Una imagen o un documento nuevos reemplazan a los anteriores, que se borran.',
      body: updateBody,
      message: PLAN_ANSWERS.updated,
      run: (id, body, actor, version) => service.update(id, body, actor, version),
    },
    delete: {
      summary: 'Elimina un plan, su imagen y su documento',
      question: '¿Se puede eliminar este plan?',
      refusals: "Un plan que es la base de otro plan o que tiene servicios no se elimina: 409 que los cuenta ('No se puede eliminar: tiene 1 plan de mejora').",
      message: PLAN_ANSWERS.deleted,
      service,
    },
  });

  r.get(
    '/api/v1/campaigns/:id/plans',
    {
      config: { access: 'sponsors.manage' },
      schema: {
        tags,
        summary: 'Los planes de una campaña',
        description: '404 si la campaña no existe.',
        params: idParam,
        querystring: service.campaignList.querystring,
        response: { 200: service.campaignList.response },
      },
    },
    async (request, reply) => {
      await service.assertCampaign(request.params.id);
      return service.campaignList.answer(request, reply, { scope: service.ofCampaign(request.params.id) });
    },
  );
}
