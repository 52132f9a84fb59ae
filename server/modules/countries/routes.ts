import { country, countryBody } from '@contract/country';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { resourceRoutes } from '../../http/resource-routes';
import { createCountryService } from './service';

export async function countryRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const service = createCountryService({ db });

  resourceRoutes(app, {
    path: '/api/v1/countries',
    access: 'countries.manage',
    tags: ['Países'],
    list: service.list,
    item: country,
    index: { summary: 'Lista paginada de países', access: 'signed-in' },
    detail: { summary: 'Un país', access: 'signed-in', find: (id) => service.get(id) },
    create: {
      summary: 'Crea un país',
      description:
        'name obligatorio y único (sin distinguir mayúsculas); code opcional, ISO 3166-1 de 2 letras y único; currency opcional, ISO 4217 de 3 letras ' +
        '(sin ella, la moneda del code). La moneda del país es la de sus campañas y planes.',
      body: countryBody,
      message: 'País creado.',
      run: (body, actor) => service.create(body, actor),
    },
    update: {
      summary: 'Actualiza un país',
      description: 'Las mismas reglas que al crear; code omitido se conserva; currency omitida se conserva, salvo si se envía code (toma la de ese code). Sus campañas y planes siguen la nueva moneda.',
      body: countryBody,
      message: 'País actualizado.',
      run: (id, body, actor, version) => service.update(id, body, actor, version),
    },
    delete: {
      summary: 'Elimina un país',
      question: '¿Se puede eliminar este país?',
      refusals: "Un país que usan usuarios, sponsors o campañas no se elimina: 409 que los cuenta ('No se puede eliminar: tiene 2 usuarios').",
      message: 'País eliminado.',
      service,
    },
  });
}
