import { successEnvelope } from '@contract/common';
import { searchQuery, searchResult } from '@contract/search';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { actorOf } from '../../http/actor';
import { success } from '../../http/envelope';
import { validationErrorsOf } from '../../http/error-handler';
import { validationFailed } from '../../http/errors';
import { timeZoneOf } from '../bookings/time-zone';
import { SEARCH_CANDIDATES, createSearchService } from './service';

const DESCRIPTION =
  'Busca, sin distinguir mayúsculas ni tildes, sponsors, campañas, planes, servicios, categorías y DSP por nombre; clientes por nombre, DNI, ' +
  'email y teléfono; agendamientos por código; usuarios por nombre, email y DNI. Solo lo que la persona puede abrir: sponsors, campañas, ' +
  'planes y servicios con sponsors.manage; categorías con categories.manage; DSP con dsps.manage; usuarios con users.manage; agendamientos ' +
  'con operations.view; clientes y agendamientos solo de las DSP que ve (todas con dsps.manage, si no las asignadas). ' +
  'Primero lo exacto (un DNI, un código, un nombre entero), luego lo que empieza por el término, luego el resto por parecido; ' +
  `cada tipo ordena como mucho sus primeras ${SEARCH_CANDIDATES} coincidencias. limit acota la respuesta entera: cada tipo ofrece sus mejores limit y se guardan los mejores limit ` +
  'de todos, agrupados por tipo (en el orden de type) y ordenados dentro de cada tipo. url es la ruta del panel que lo abre. ' +
  'q de 2 a 100 caracteres y limit de 1 a 50 (20 por defecto), si no 422. tz: la zona horaria IANA en que se escribe la hora de un ' +
  'agendamiento (America/Bogota por defecto; la del navegador en el panel); una zona que no existe da 400.';

export async function searchRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const service = createSearchService({ db });

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/search',
    {
      config: { access: 'signed-in' },
      // The search's terms are what a person typed, as a form's fields are: a bad one is a 422
      // with its message under its name (the palette shows it), not the 400 of a bad list query.
      attachValidation: true,
      schema: {
        tags: ['Búsqueda'],
        summary: 'Búsqueda global: lo que la persona puede abrir, por tipo',
        description: DESCRIPTION,
        querystring: searchQuery,
        response: { 200: successEnvelope(z.array(searchResult)) },
      },
    },
    async (request) => {
      if (request.validationError) throw validationFailed(validationErrorsOf(request.validationError));
      return success(await service.search(request.query, timeZoneOf(request.query), actorOf(request)));
    },
  );
}
