import { recordIdParam, successEnvelope } from '@contract/common';
import { CUSTOMER_ANSWERS, customer, customerDspPlans, customerFields, customerUpdateFields } from '@contract/customer';
import {
  IMPORT_COLUMNS,
  IMPORT_MESSAGES,
  IMPORT_PLAN_SEPARATOR,
  IMPORT_REQUIRED_COLUMNS,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ROWS,
  customerImportFields,
  customerImportQuery,
  customerImportResult,
} from '@contract/customer-import';
import { ENTITLEMENT_TRANSITIONS_TEXT } from '@contract/entitlement';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema';
import { actorOf } from '../../http/actor';
import { success } from '../../http/envelope';
import { bulkRoute, DELETE_DESCRIPTION, deleteAction } from '../../http/bulk';
import { unsupportedMediaType } from '../../http/errors';
import { fileField } from '../../http/file-field';
import { resourceRoutes } from '../../http/resource-routes';
import { historyRoute } from '../audit/routes';
import { createAuditService } from '../audit/service';
import { createCustomerService } from './service';
import { visibleDspScope, VISIBILITY_DESCRIPTION } from './visibility';

const tags = ['Clientes'];
const importBody = customerImportFields.extend({ file: fileField(IMPORT_MESSAGES.fileRequired) });
const dspIdParam = z.object({ dspId: recordIdParam });
const ofDsp = '/api/v1/dsps/:dspId/customers';

const WRITE_DESCRIPTION =
  'JSON, formulario o multipart: dni, name y email requeridos (email en minúsculas); phone y meta {address, city} opcionales ' +
  '(meta[address] en un formulario); plan_id, al menos un plan que la DSP vende (plan_id[0], plan_id[1]… en un formulario; 422 en plan_id si no). ' +
  'DNI y email son únicos dentro de la DSP, sin distinguir mayúsculas ni tildes (409 con el error en el campo); otra DSP puede tener el mismo. ' +
  'La contraseña se guarda con hash (scrypt) y nunca se responde; el historial la registra como cambiada, nunca su valor.';

export async function customerRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createCustomerService({ db });
  const audit = createAuditService({ db, restoreWindowSeconds: app.restores.windowSeconds });

  resourceRoutes(app, {
    path: '/api/v1/customers',
    access: 'signed-in',
    tags,
    list: service.list,
    item: customer,
    index: {
      path: ofDsp,
      params: dspIdParam,
      summary: 'Los clientes de una DSP',
      description: `Con include=entitlements,entitlements.plan, sus suscripciones con su plan, en un número fijo de consultas. ${VISIBILITY_DESCRIPTION}`,
      call: (request) => service.ofVisibleDsp(request.params.dspId, actorOf(request)),
    },
    create: {
      path: ofDsp,
      params: dspIdParam,
      summary: 'Crea un cliente de una DSP con sus suscripciones',
      description:
        `${WRITE_DESCRIPTION} password y password_confirmation requeridas e iguales. Cada plan crea una suscripción ACTIVE con un periodo ` +
        'abierto (desde ahora hasta el fin de los meses de permanencia del plan) y su primera fila de historial; el cliente y sus ' +
        `suscripciones se guardan juntos o nada. Responde 201 con el cliente y sus suscripciones. ${VISIBILITY_DESCRIPTION}`,
      body: customerFields,
      message: CUSTOMER_ANSWERS.created,
      run: (body, actor, { dspId }) => service.create(dspId, body, actor),
    },
    detail: { summary: 'Un cliente', description: VISIBILITY_DESCRIPTION, find: (id, actor) => service.find(id, actor) },
    update: {
      summary: 'Actualiza un cliente (también POST con _method=PUT)',
      description:
        `${WRITE_DESCRIPTION} Los campos ausentes no cambian. La contraseña es opcional (vacía = sin cambio) pero, si llega, debe ` +
        'coincidir con password_confirmation. plan_id, si llega, es la lista completa de planes del cliente: un plan nuevo crea su ' +
        "suscripción ACTIVE; la suscripción de un plan quitado pasa a CANCELLED con el motivo 'Plan quitado del cliente.' (nunca se borra). " +
        `Reglas de estado de las suscripciones: ${ENTITLEMENT_TRANSITIONS_TEXT} ${VISIBILITY_DESCRIPTION}`,
      body: customerUpdateFields,
      message: CUSTOMER_ANSWERS.updated,
      run: (id, body, actor, version) => service.update(id, body, actor, version),
    },
    delete: {
      summary: 'Elimina un cliente con sus suscripciones',
      question: '¿Se puede eliminar este cliente?',
      refusals: `Un cliente con agendamientos no se elimina: 409 que los cuenta. ${VISIBILITY_DESCRIPTION}`,
      message: CUSTOMER_ANSWERS.deleted,
      service,
    },
  });

  r.get(
    '/api/v1/dsps/:dspId/customer-plans',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'La DSP y los planes que vende, para el formulario de sus clientes',
        description:
          'Responde id y name de la DSP y sus planes (id, name, price) ordenados por nombre: lo que el formulario de clientes ofrece. ' +
          `Lo lee quien ve los clientes de la DSP, aunque no pueda configurar DSP. ${VISIBILITY_DESCRIPTION}`,
        params: dspIdParam,
        response: { 200: successEnvelope(customerDspPlans) },
      },
    },
    async (request) => success(await service.dspPlans(request.params.dspId, actorOf(request))),
  );

  r.post(
    `${ofDsp}/import`,
    {
      config: { access: 'signed-in', uploadLimit: { bytes: MAX_IMPORT_BYTES, message: IMPORT_MESSAGES.tooLarge } },
      schema: {
        tags,
        summary: 'Importa los clientes de una DSP desde un CSV (o solo lo valida)',
        description:
          'multipart/form-data: file, un CSV en UTF-8 (con o sin BOM) o Windows-1252, separado por comas o por punto y coma (como lo guarda Excel), ' +
          `de ${MAX_IMPORT_ROWS.toLocaleString('es-CO')} filas y ${MAX_IMPORT_BYTES / 1024 / 1024} MB como máximo (413 o 422 por encima). La primera fila nombra las columnas: ` +
          `${IMPORT_COLUMNS.join(', ')} (planes: ids o nombres de planes que la DSP vende, separados por '${IMPORT_PLAN_SEPARATOR}'; contraseña opcional). ` +
          `Obligatorias: ${IMPORT_REQUIRED_COLUMNS.join(', ')}. mapping (opcional, JSON {"encabezado del archivo": "columna"}) dice qué encabezado va a qué columna; ` +
          'sin él se deducen por el nombre del encabezado (sin distinguir mayúsculas ni tildes). Cada fila se valida con las mismas reglas que el alta y la ' +
          'edición de un cliente, y además: DNI o email repetidos dentro del archivo, y planes que la DSP no vende. Un DNI que ya existe en la DSP actualiza ' +
          'ese cliente (las columnas ausentes no cambian; planes, si llega, es su lista completa); uno nuevo crea el cliente con una suscripción ACTIVE por plan. ' +
          'Un cliente nuevo sin contraseña queda sin contraseña utilizable (nunca se muestra): la define con la recuperación. ' +
          'dry_run=1 (en el formulario o en la consulta) solo valida y no guarda nada: created y updated dicen cuántos se crearían y actualizarían. ' +
          "Sin dry_run, una sola fila con errores responde 422 con el mismo resultado en data (errors: [{line, column, message}], 'Fila 14, email: El email no es válido') " +
          'y no guarda nada; si todas son válidas, todo se guarda en una sola transacción (todo o nada), con una entrada de historial de la importación en la DSP ' +
          `(con sus cuentas) y la de cada cliente y suscripción. Se listan como mucho los primeros 10.000 errores. ${VISIBILITY_DESCRIPTION}`,
        consumes: ['multipart/form-data'],
        params: dspIdParam,
        querystring: customerImportQuery,
        body: importBody,
        response: { 200: successEnvelope(customerImportResult) },
      },
    },
    async (request) => {
      const { file, mapping, dry_run: dryRunField } = request.body;
      if (file.kind !== 'unknown') throw unsupportedMediaType(IMPORT_MESSAGES.notCsv, 'file');
      const dryRun = Boolean(dryRunField ?? request.query.dry_run);
      const result = await service.import(request.params.dspId, file, { mapping, dryRun }, actorOf(request));
      return success(result, dryRun ? IMPORT_MESSAGES.validated : IMPORT_MESSAGES.imported);
    },
  );

  historyRoute(app, {
    audit,
    path: '/api/v1/customers',
    resource: 'customer',
    access: 'signed-in',
    summary: 'Historial de cambios de un cliente, el más reciente primero',
    description: VISIBILITY_DESCRIPTION,
    find: (id, actor) => service.find(id, actor),
  });

  bulkRoute(app, {
    db,
    list: 'customers',
    path: ofDsp,
    params: dspIdParam,
    access: 'signed-in',
    tags,
    summary: 'Elimina muchos clientes de una DSP a la vez',
    description: `${DELETE_DESCRIPTION} Un cliente con agendamientos queda como estaba, con el mensaje que los cuenta. ${VISIBILITY_DESCRIPTION}`,
    records: {
      table: customers,
      id: customers.id,
      filters: service.list,
      scope: ({ dspId }, actor) => visibleDspScope(db, actor, { id: dspId, column: customers.dspId }),
    },
    actions: deleteAction(service.remove),
  });
}
