import { CAMPAIGN_ANSWERS, CAMPAIGN_MESSAGES, campaign, campaignFields, campaignUpdateFields } from '@contract/campaign';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { campaigns } from '../../db/schema';
import { bulkRoute, DELETE_DESCRIPTION, deleteAction } from '../../http/bulk';
import { FILE_WRITE_TYPES, fileField } from '../../http/file-field';
import { resourceRoutes } from '../../http/resource-routes';
import type { Storage } from '../../storage';
import { createCampaignService } from './service';

const createBody = campaignFields.extend({ image: fileField(CAMPAIGN_MESSAGES.imageNotFile).optional() });
const updateBody = campaignUpdateFields.extend({ image: fileField(CAMPAIGN_MESSAGES.imageNotFile).optional() });

const WRITE_DESCRIPTION =
  'multipart/form-data (o JSON sin archivo): name, description, status (DRAFT por defecto; DRAFT, ACTIVE, PAUSED o INACTIVE), sponsor_id, ' +
  'country_id (por defecto el del sponsor), start_date y end_date (AAAA-MM-DD; la de fin no anterior a la de inicio), budget (≥ 0, 2 decimales), ' +
  'image (PNG, JPG o GIF por su contenido, 10 MB como máximo: 415 / 413). ' +
  'El nombre es único dentro de su sponsor, sin distinguir mayúsculas, tildes ni espacios alrededor (409 con el error en name, como un email repetido).';

export async function campaignRoutes(app: FastifyInstance, { db, storage }: { db: Db; storage: Storage }) {
  const service = createCampaignService({ db, storage, log: app.log });

  resourceRoutes(app, {
    path: '/api/v1/campaigns',
    access: 'sponsors.manage',
    tags: ['Campañas'],
    list: service.list,
    item: campaign,
    consumes: FILE_WRITE_TYPES,
    index: { summary: 'Lista paginada de campañas de todos los sponsors' },
    detail: {
      summary: 'Una campaña',
      description: 'categories trae las categorías de la campaña (por nombre, cada una con su categoría del catálogo); plans.services se acepta y devuelve [] por ahora.',
      find: (id) => service.find(id),
    },
    create: {
      summary: 'Crea una campaña',
      description: `${WRITE_DESCRIPTION} Responde 201 con la campaña, su sponsor y su país.`,
      body: createBody,
      message: CAMPAIGN_ANSWERS.created,
      run: (body, actor) => service.create(body, actor),
    },
    update: {
      summary: 'Actualiza una campaña (también POST con _method=PUT)',
      description: `${WRITE_DESCRIPTION} Los campos ausentes no cambian; un campo opcional vacío se borra. Una imagen nueva reemplaza a la anterior, que se borra.`,
      body: updateBody,
      message: CAMPAIGN_ANSWERS.updated,
      run: (id, body, actor, version) => service.update(id, body, actor, version),
    },
    delete: {
      summary: 'Elimina una campaña y su imagen',
      question: '¿Se puede eliminar esta campaña?',
      refusals: "Una campaña que todavía tiene planes no se elimina: 409 que los cuenta ('No se puede eliminar: tiene 1 plan').",
      message: CAMPAIGN_ANSWERS.deleted,
      service,
    },
  });

  bulkRoute(app, {
    db,
    list: 'campaigns',
    path: '/api/v1/campaigns',
    access: 'sponsors.manage',
    tags: ['Campañas'],
    summary: 'Elimina muchas campañas a la vez',
    description: `${DELETE_DESCRIPTION} Una campaña con planes queda como estaba, con el mensaje que los cuenta.`,
    records: { table: campaigns, id: campaigns.id, filters: service.list, scope: () => undefined },
    actions: deleteAction(service.remove),
  });
}
