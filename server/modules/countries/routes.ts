import { country, idParam, paginator, successEnvelope } from '@contract';
import { count, eq, ilike, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { countries } from '../../db/schema';
import { success } from '../../http/envelope';
import { notFound } from '../../http/errors';
import { parseListQuery, paginate, type ListSpec } from '../../http/list-query';
import { likePattern, listUrl, orderByTerms, pickFields } from '../../http/list-response';

const tags = ['Países'];
const columns = { id: countries.id, name: countries.name, code: countries.code };
export const countryListSpec: ListSpec = {
  filters: ['q'],
  sorts: ['id', 'name', 'code'],
  fields: ['id', 'name', 'code'],
  defaultSort: 'name',
};

export async function countryRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/countries',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Lista paginada de países',
        description: 'filter[q] (o q) busca en el nombre; sort id|name|code; fields id,name,code; limit hasta 300.',
        response: { 200: successEnvelope(paginator(country.partial())) },
      },
    },
    async (request) => {
      const list = parseListQuery(request.query as Record<string, unknown>, countryListSpec);
      const where: SQL | undefined = list.filters.q ? ilike(countries.name, likePattern(list.filters.q)) : undefined;
      const [rows, [{ total } = { total: 0 }]] = await Promise.all([
        db
          .select(columns)
          .from(countries)
          .where(where)
          .orderBy(...orderByTerms(list.sort, columns), countries.id)
          .limit(list.limit)
          .offset((list.page - 1) * list.limit),
        db.select({ total: count() }).from(countries).where(where),
      ]);
      return success(paginate(pickFields(rows, list.fields), total, list, listUrl(request)));
    },
  );

  r.get(
    '/api/v1/countries/:id',
    { config: { access: 'signed-in' }, schema: { tags, summary: 'Un país', params: idParam, response: { 200: successEnvelope(country) } } },
    async (request) => {
      const [row] = await db.select(columns).from(countries).where(eq(countries.id, request.params.id));
      if (!row) throw notFound('El país no existe.');
      return success(row);
    },
  );
}
