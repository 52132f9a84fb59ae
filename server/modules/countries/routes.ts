import { idParam, successEnvelope } from '@contract/common';
import { COUNTRY_DEFAULT_SORT, COUNTRY_FIELDS, type COUNTRY_SORTS, country, countryBody } from '@contract/country';
import { and, count, eq, ne, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { foreignKeyViolation, uniqueViolation } from '../../db/errors';
import { countries, users } from '../../db/schema';
import { containsText } from '../../db/sortable-text';
import { success } from '../../http/envelope';
import { conflict, notFound } from '../../http/errors';
import { defineList } from '../../http/list';

const tags = ['Países'];
const columns = { id: countries.id, name: countries.name, code: countries.code };

export const COUNTRY_ERRORS = {
  notFound: 'El país no existe.',
  nameTaken: 'Ya existe un país con ese nombre',
  codeTaken: 'Ya existe un país con ese código',
  inUse: 'El país está en uso y no se puede eliminar.',
} as const;

const usedByUsers = (total: number) =>
  `El país está asignado a ${total === 1 ? '1 usuario' : `${total} usuarios`} y no se puede eliminar.`;

type CountryInput = z.output<typeof countryBody>;

/** 409 when another country has the name (ignoring case) or the code. */
async function checkUnique(db: Db, input: CountryInput, exceptId?: number) {
  const nameMatches = sql`lower(${countries.name}) = lower(${input.name})`;
  const taken = await db
    .select({ name: countries.name, code: countries.code })
    .from(countries)
    .where(and(input.code ? or(nameMatches, eq(countries.code, input.code)) : nameMatches, exceptId === undefined ? undefined : ne(countries.id, exceptId)));
  if (taken.some((row) => row.name.toLowerCase() === input.name.toLowerCase())) throw conflict(COUNTRY_ERRORS.nameTaken, { name: [COUNTRY_ERRORS.nameTaken] });
  if (input.code && taken.some((row) => row.code === input.code)) throw conflict(COUNTRY_ERRORS.codeTaken, { code: [COUNTRY_ERRORS.codeTaken] });
}

/** A write that lost a race to another with the same name or code: the same 409 the check gives. */
const mapUniqueViolation = (error: unknown): never => {
  const constraint = uniqueViolation(error);
  if (constraint === 'countries_name_unique') throw conflict(COUNTRY_ERRORS.nameTaken, { name: [COUNTRY_ERRORS.nameTaken] });
  if (constraint === 'countries_code_unique') throw conflict(COUNTRY_ERRORS.codeTaken, { code: [COUNTRY_ERRORS.codeTaken] });
  throw error;
};

export async function countryRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const countryList = defineList({
    db,
    item: country,
    table: countries,
    select: () => db.select(columns).from(countries).$dynamic(),
    id: countries.id,
    filters: { q: { description: 'Busca en el nombre, sin distinguir mayúsculas ni tildes.', where: (value) => containsText(countries.name, value) } },
    sorts: { id: countries.id, name: countries.name, code: countries.code } satisfies Record<(typeof COUNTRY_SORTS)[number], unknown>,
    defaultSort: COUNTRY_DEFAULT_SORT,
    fields: COUNTRY_FIELDS,
    present: (rows) => rows,
  });

  r.get(
    '/api/v1/countries',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Lista paginada de países',
        querystring: countryList.querystring,
        response: { 200: countryList.response },
      },
    },
    async (request, reply) => success(await countryList.answer(request, reply)),
  );

  r.get(
    '/api/v1/countries/:id',
    { config: { access: 'signed-in' }, schema: { tags, summary: 'Un país', params: idParam, response: { 200: successEnvelope(country) } } },
    async (request) => {
      const [row] = await db.select(columns).from(countries).where(eq(countries.id, request.params.id));
      if (!row) throw notFound(COUNTRY_ERRORS.notFound);
      return success(row);
    },
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
    async (request, reply) => {
      await checkUnique(db, request.body);
      const [row] = await db
        .insert(countries)
        .values({ name: request.body.name, code: request.body.code ?? null })
        .returning(columns)
        .catch(mapUniqueViolation);
      return reply.status(201).send(success(row!, 'País creado.'));
    },
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
    async (request) => {
      const { id } = request.params;
      await checkUnique(db, request.body, id);
      const [row] = await db
        .update(countries)
        .set({
          name: request.body.name,
          ...(request.body.code === undefined ? {} : { code: request.body.code }),
          updatedAt: sql`now()`,
        })
        .where(eq(countries.id, id))
        .returning(columns)
        .catch(mapUniqueViolation);
      if (!row) throw notFound(COUNTRY_ERRORS.notFound);
      return success(row, 'País actualizado.');
    },
  );

  r.delete(
    '/api/v1/countries/:id',
    {
      config: { access: 'countries.manage' },
      schema: {
        tags,
        summary: 'Elimina un país',
        description: 'Un país asignado a usuarios, sponsors u otros registros no se elimina (409).',
        params: idParam,
        response: { 200: successEnvelope(z.null()) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(users).where(eq(users.countryId, id));
      if (total > 0) throw conflict(usedByUsers(total));
      const deleted = await db
        .delete(countries)
        .where(eq(countries.id, id))
        .returning({ id: countries.id })
        .catch((error: unknown) => {
          if (foreignKeyViolation(error)) throw conflict(COUNTRY_ERRORS.inUse);
          throw error;
        });
      if (deleted.length === 0) throw notFound(COUNTRY_ERRORS.notFound);
      return success(null, 'País eliminado.');
    },
  );
}
