import { idParam, successEnvelope } from '@contract/common';
import { country, countryBody } from '@contract/country';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { actorOf } from '../../http/actor';
import { deleteRoutes } from '../../http/delete-routes';
import { success } from '../../http/envelope';
import { createCountryService } from './service';

const tags = ['Países'];

export async function countryRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createCountryService({ db });

  r.get(
    '/api/v1/countries',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Lista paginada de países',
        querystring: service.list.querystring,
        response: { 200: service.list.response },
      },
    },
    async (request, reply) => service.list.answer(request, reply),
  );

  r.get(
    '/api/v1/countries/:id',
    { config: { access: 'signed-in' }, schema: { tags, summary: 'Un país', params: idParam, response: { 200: successEnvelope(country) } } },
    async (request) => success(await service.get(request.params.id)),
  );

  r.post(
    '/api/v1/countries',
    {
      config: { access: 'countries.manage' },
      schema: {
        tags,
        summary: 'Crea un país',
        description: 'name obligatorio y único (sin distinguir mayúsculas); code opcional, ISO 3166-1 de 2 letras y único.',
        body: countryBody,
        response: { 201: successEnvelope(country) },
      },
    },
    async (request, reply) => reply.status(201).send(success(await service.create(request.body, actorOf(request)), 'País creado.')),
  );

  r.put(
    '/api/v1/countries/:id',
    {
      config: { access: 'countries.manage' },
      schema: {
        tags,
        summary: 'Actualiza un país',
        description: 'Las mismas reglas que al crear; code omitido se conserva.',
        params: idParam,
        body: countryBody,
        response: { 200: successEnvelope(country) },
      },
    },
    async (request) => success(await service.update(request.params.id, request.body, actorOf(request)), 'País actualizado.'),
  );

  deleteRoutes(app, {
    path: '/api/v1/countries',
    access: 'countries.manage',
    tags,
    summary: 'Elimina un país',
    question: '¿Se puede eliminar este país?',
    refusals: 'Un país que usan usuarios, sponsors o campañas no se elimina: 409 que los cuenta (\'No se puede eliminar: tiene 2 usuarios\').',
    deleted: 'País eliminado.',
    service,
  });
}
