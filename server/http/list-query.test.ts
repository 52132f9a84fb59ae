import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { thrownAppError } from '../../tests/api/support/app-error';
import { AppError } from './errors';
import { paginate } from './list';
import { MAX_PAGE, parseListQuery, type ListSpec } from './list-query';

const spec: ListSpec = {
  filters: ['q', 'country_id'],
  sorts: ['name', 'created_at'],
  includes: ['country', 'plans.services'],
  fields: ['id', 'name', 'code'],
  defaultSort: '-created_at',
};

const bare: ListSpec = { filters: [], sorts: [] };

/** The AppError parseListQuery throws for `query`. */
const failure = (query: Record<string, unknown>, s: ListSpec = spec): AppError =>
  thrownAppError(() => parseListQuery(query, s), `expected a 400 for ${JSON.stringify(query)}`);

const message = (query: Record<string, unknown>, s: ListSpec = spec): string => {
  const error = failure(query, s);
  expect(error.statusCode).toBe(400);
  return error.message;
};

describe('parseListQuery: defaults', () => {
  it('gives defaults for an empty query', () => {
    expect(parseListQuery({}, spec)).toEqual({
      filters: {},
      sort: [{ field: 'created_at', direction: 'desc' }],
      includes: [],
      fields: null,
      page: 1,
      limit: 15,
    });
  });

  it('gives an empty sort without a default', () => {
    expect(parseListQuery({}, bare).sort).toEqual([]);
  });

  it('uses the spec default limit, never above the cap', () => {
    expect(parseListQuery({}, { ...bare, defaultLimit: 50 }).limit).toBe(50);
    expect(parseListQuery({}, { ...bare, defaultLimit: 500 }).limit).toBe(300);
    expect(parseListQuery({}, { ...bare, defaultLimit: 50, maxLimit: 20 }).limit).toBe(20);
  });

  it('accepts and ignores the cache buster _', () => {
    expect(parseListQuery({ _: '1712345678' }, spec).page).toBe(1);
  });
});

describe('parseListQuery: a list’s own top-level parameters', () => {
  it('accepts the names the list declares, and names them among the admitted ones when refusing another', () => {
    const withZone: ListSpec = { ...spec, extraKeys: ['tz'] };
    expect(parseListQuery({ tz: 'America/Lima', 'filter[q]': 'x' }, withZone).filters).toEqual({ q: 'x' });
    expect(failure({ tz: 'America/Lima' }).message).toMatch(/^Parámetro no permitido: tz\./);
    expect(failure({ zone: 'UTC' }, withZone).message).toBe('Parámetro no permitido: zone. Parámetros admitidos: filter[...], q, sort, include, fields, page, limit, tz.');
  });
});

describe('parseListQuery: filters', () => {
  it('reads flat filter[x] keys', () => {
    expect(parseListQuery({ 'filter[q]': 'ana', 'filter[country_id]': '7' }, spec).filters).toEqual({
      q: 'ana',
      country_id: '7',
    });
  });

  it('reads an already nested filter object', () => {
    expect(parseListQuery({ filter: { q: 'ana', country_id: '7' } }, spec).filters).toEqual({ q: 'ana', country_id: '7' });
  });

  it('trims values and drops empty ones', () => {
    expect(parseListQuery({ 'filter[q]': '  ana  ', 'filter[country_id]': '   ' }, spec).filters).toEqual({ q: 'ana' });
    expect(parseListQuery({ 'filter[q]': '' }, spec).filters).toEqual({});
  });

  it('accepts q as a synonym of filter[q]', () => {
    expect(parseListQuery({ q: 'ana' }, spec).filters).toEqual({ q: 'ana' });
  });

  it('lets filter[q] win over q', () => {
    expect(parseListQuery({ q: 'pedro', 'filter[q]': 'ana' }, spec).filters).toEqual({ q: 'ana' });
    expect(parseListQuery({ 'filter[q]': 'ana', q: 'pedro' }, spec).filters).toEqual({ q: 'ana' });
    expect(parseListQuery({ filter: { q: 'ana' }, q: 'pedro' }, spec).filters).toEqual({ q: 'ana' });
  });

  it('rejects an unknown filter naming the allowed ones', () => {
    expect(message({ 'filter[foo]': 'x' })).toBe('Filtro no permitido: foo. Filtros permitidos: q, country_id.');
    expect(message({ filter: { foo: 'x', bar: 'y' } })).toBe(
      'Filtros no permitidos: foo, bar. Filtros permitidos: q, country_id.',
    );
  });

  it('says when a list takes no filters', () => {
    expect(message({ 'filter[q]': 'x' }, bare)).toBe('Filtro no permitido: q. Esta lista no admite filtros.');
  });

  it('treats q as an unknown filter where q is not allowed', () => {
    expect(message({ q: 'x' }, bare)).toBe('Filtro no permitido: q. Esta lista no admite filtros.');
    expect(message({ q: 'x' }, { ...bare, filters: ['status'] })).toBe(
      'Filtro no permitido: q. Filtros permitidos: status.',
    );
  });

  it('rejects a filter given twice', () => {
    expect(message({ 'filter[q]': ['a', 'b'] })).toBe('El filtro q se envió más de una vez.');
    expect(message({ q: ['a', 'b'] })).toBe('El filtro q se envió más de una vez.');
    expect(message({ 'filter[q]': 'a', filter: { q: 'b' } })).toBe('El filtro q se envió más de una vez.');
  });

  it('rejects values longer than 200 characters', () => {
    expect(parseListQuery({ 'filter[q]': 'a'.repeat(200) }, spec).filters.q).toHaveLength(200);
    expect(message({ 'filter[q]': 'a'.repeat(201) })).toBe('El filtro q no puede superar 200 caracteres.');
    // Measured after trimming.
    expect(parseListQuery({ 'filter[q]': ` ${'a'.repeat(200)} ` }, spec).filters.q).toHaveLength(200);
  });

  it('reads a filter that was not sent as undefined, whatever its name (no inherited keys)', () => {
    const filters = parseListQuery({}, { filters: ['constructor', 'toString', '__proto__'], sorts: [] }).filters;
    expect(filters.constructor).toBeUndefined();
    expect(filters.toString).toBeUndefined();
    expect(filters['__proto__']).toBeUndefined();
    expect(parseListQuery({ 'filter[constructor]': 'x' }, { filters: ['constructor'], sorts: [] }).filters.constructor).toBe('x');
  });

  it('rejects non-text nested filter values', () => {
    expect(message({ filter: { q: { $ne: 1 } } })).toBe('El filtro q debe ser un texto.');
  });

  it('rejects filter as a plain value', () => {
    expect(message({ filter: 'ana' })).toBe('El parámetro filter debe usarse como filter[nombre]=valor.');
    expect(message({ filter: ['a'] })).toBe('El parámetro filter debe usarse como filter[nombre]=valor.');
  });

  it('rejects malformed filter keys as unknown parameters', () => {
    expect(message({ 'filter[]': 'x' })).toMatch(/^Parámetro no permitido: filter\[\]\./);
    expect(message({ 'filter[q][x]': 'x' })).toMatch(/^Parámetro no permitido: filter\[q\]\[x\]\./);
    expect(message({ 'filter[q': 'x' })).toMatch(/^Parámetro no permitido: filter\[q\./);
  });

  it('does not let prototype names through', () => {
    expect(message({ 'filter[__proto__]': 'x' })).toMatch(/^Filtro no permitido: __proto__\./);
    expect(message({ 'filter[constructor]': 'x' })).toMatch(/^Filtro no permitido: constructor\./);
    const filters = parseListQuery({ 'filter[q]': 'a' }, spec).filters;
    expect(Object.keys(filters)).toEqual(['q']);
    expect(({} as Record<string, unknown>).q).toBeUndefined();
  });

  it('handles a null-prototype query object (as fastify gives)', () => {
    const query = Object.assign(Object.create(null) as Record<string, unknown>, { 'filter[q]': 'ana', page: '2' });
    expect(parseListQuery(query, spec)).toMatchObject({ filters: { q: 'ana' }, page: 2 });
  });
});

describe('parseListQuery: unknown parameters', () => {
  it('rejects an unknown top-level key', () => {
    expect(message({ foo: '1' })).toBe(
      'Parámetro no permitido: foo. Parámetros admitidos: filter[...], q, sort, include, fields, page, limit.',
    );
  });

  it('names every unknown key', () => {
    expect(message({ foo: '1', per_page: '10' })).toMatch(/^Parámetros no permitidos: foo, per_page\./);
  });

  it('rejects per_page and spatie-style fields[x]', () => {
    expect(message({ per_page: '10' })).toMatch(/^Parámetro no permitido: per_page\./);
    expect(message({ 'fields[users]': 'id' })).toMatch(/^Parámetro no permitido: fields\[users\]\./);
  });

  it('rejects __proto__ as a key', () => {
    const query = JSON.parse('{"__proto__": "x"}') as Record<string, unknown>;
    expect(message(query)).toMatch(/^Parámetro no permitido: __proto__\./);
  });

  it('keeps the message short for hostile keys', () => {
    const query: Record<string, unknown> = {};
    for (let i = 0; i < 50; i++) query[`${'k'.repeat(5000)}${i}`] = 'x';
    const text = message(query);
    expect(text.length).toBeLessThan(1200);
    expect(text).toContain('(y 40 más)');
  });
});

describe('parseListQuery: sort', () => {
  it('parses a comma list with directions', () => {
    expect(parseListQuery({ sort: 'name,-created_at' }, spec).sort).toEqual([
      { field: 'name', direction: 'asc' },
      { field: 'created_at', direction: 'desc' },
    ]);
  });

  it('ignores empty entries and spaces', () => {
    expect(parseListQuery({ sort: ' ,name,, -created_at ,' }, spec).sort).toEqual([
      { field: 'name', direction: 'asc' },
      { field: 'created_at', direction: 'desc' },
    ]);
  });

  it('falls back to the default when empty', () => {
    expect(parseListQuery({ sort: '' }, spec).sort).toEqual([{ field: 'created_at', direction: 'desc' }]);
    expect(parseListQuery({ sort: ' , ' }, spec).sort).toEqual([{ field: 'created_at', direction: 'desc' }]);
  });

  it('replaces the default when given', () => {
    expect(parseListQuery({ sort: 'name' }, spec).sort).toEqual([{ field: 'name', direction: 'asc' }]);
  });

  it('parses a multi-field default', () => {
    expect(parseListQuery({}, { ...bare, defaultSort: 'name,-id' }).sort).toEqual([
      { field: 'name', direction: 'asc' },
      { field: 'id', direction: 'desc' },
    ]);
  });

  it('rejects an unknown sort field naming the allowed ones', () => {
    expect(message({ sort: 'password' })).toBe('Orden no permitido: password. Órdenes permitidos: name, created_at.');
    expect(message({ sort: '-password,name,email' })).toBe(
      'Órdenes no permitidos: -password, email. Órdenes permitidos: name, created_at.',
    );
    expect(message({ sort: 'name' }, bare)).toBe('Orden no permitido: name. Esta lista no admite ordenar.');
  });

  it('rejects degenerate entries', () => {
    expect(message({ sort: '-' })).toMatch(/^Orden no permitido: -\./);
    expect(message({ sort: '--name' })).toMatch(/^Orden no permitido: --name\./);
    expect(message({ sort: 'name;drop table' })).toMatch(/^Orden no permitido: name;drop table\./);
  });

  it('rejects a field sorted twice', () => {
    expect(message({ sort: 'name,-name' })).toBe('El campo name aparece más de una vez en sort.');
    expect(message({ sort: 'name,name' })).toBe('El campo name aparece más de una vez en sort.');
  });

  it('rejects sort sent twice', () => {
    expect(message({ sort: ['name', '-name'] })).toBe('El parámetro sort se envió más de una vez.');
  });
});

describe('parseListQuery: include and fields', () => {
  it('parses, trims and dedupes includes', () => {
    expect(parseListQuery({ include: ' country , plans.services,country,' }, spec).includes).toEqual([
      'country',
      'plans.services',
    ]);
  });

  it('allows the parents of an allowed nested include', () => {
    expect(parseListQuery({ include: 'plans' }, spec).includes).toEqual(['plans']);
  });

  it('rejects unknown includes naming the allowed ones', () => {
    expect(message({ include: 'users' })).toBe(
      'Relación (include) no permitida: users. Relaciones permitidas: country, plans.services.',
    );
    expect(message({ include: 'plans.services.owner,country.x' })).toBe(
      'Relaciones (include) no permitidas: plans.services.owner, country.x. Relaciones permitidas: country, plans.services.',
    );
    expect(message({ include: 'country' }, bare)).toBe(
      'Relación (include) no permitida: country. Esta lista no admite relaciones (include).',
    );
  });

  it('parses, trims and dedupes fields', () => {
    expect(parseListQuery({ fields: 'id, name ,id' }, spec).fields).toEqual(['id', 'name']);
  });

  it('gives null fields when missing or empty', () => {
    expect(parseListQuery({ fields: '' }, spec).fields).toBeNull();
    expect(parseListQuery({ fields: ' , ' }, spec).fields).toBeNull();
  });

  it('rejects unknown fields naming the allowed ones', () => {
    expect(message({ fields: 'id,password' })).toBe('Campo no permitido: password. Campos permitidos: id, name, code.');
    expect(message({ fields: 'id' }, bare)).toBe('Campo no permitido: id. Esta lista no admite elegir campos.');
  });

  it('rejects include or fields sent twice', () => {
    expect(message({ include: ['country', 'plans'] })).toBe('El parámetro include se envió más de una vez.');
    expect(message({ fields: ['id', 'name'] })).toBe('El parámetro fields se envió más de una vez.');
  });
});

describe('parseListQuery: page and limit', () => {
  it('reads positive decimal integers', () => {
    expect(parseListQuery({ page: '2', limit: '50' }, spec)).toMatchObject({ page: 2, limit: 50 });
    expect(parseListQuery({ page: '007' }, spec).page).toBe(7);
  });

  it('treats an empty value as absent', () => {
    expect(parseListQuery({ page: '', limit: '' }, spec)).toMatchObject({ page: 1, limit: 15 });
  });

  it.each(['0', '-1', '1.5', 'abc', '1e3', ' 2', '2 ', '0x10', '+2', '000', 'Infinity', 'NaN', '１'])(
    'rejects page=%j',
    (page) => {
      expect(message({ page })).toBe('El parámetro page debe ser un número entero positivo.');
    },
  );

  it('rejects page sent twice', () => {
    expect(message({ page: ['1', '2'] })).toBe('El parámetro page debe ser un número entero positivo.');
  });

  it('accepts huge pages up to the cap and rejects beyond', () => {
    expect(parseListQuery({ page: String(MAX_PAGE) }, spec).page).toBe(MAX_PAGE);
    expect(message({ page: String(MAX_PAGE + 1) })).toBe(`El parámetro page no puede superar ${MAX_PAGE}.`);
    expect(message({ page: '9'.repeat(400) })).toBe(`El parámetro page no puede superar ${MAX_PAGE}.`);
    expect(parseListQuery({ page: `${'0'.repeat(30)}3` }, spec).page).toBe(3);
  });

  it.each(['0', '-5', '2.0', 'x', '1e2', ' '])('rejects limit=%j', (limit) => {
    expect(message({ limit })).toBe('El parámetro limit debe ser un número entero positivo.');
  });

  it('accepts the cap and says it when exceeded', () => {
    expect(parseListQuery({ limit: '300' }, spec).limit).toBe(300);
    expect(message({ limit: '301' })).toBe('El parámetro limit no puede superar 300.');
    expect(message({ limit: '99999999999999999999' })).toBe('El parámetro limit no puede superar 300.');
    expect(message({ limit: '30' }, { ...spec, maxLimit: 25 })).toBe('El parámetro limit no puede superar 25.');
  });

  it('accepts numbers given by a typed caller', () => {
    expect(parseListQuery({ page: 3, limit: 10 }, spec)).toMatchObject({ page: 3, limit: 10 });
    expect(message({ page: 1.5 })).toBe('El parámetro page debe ser un número entero positivo.');
  });
});

describe('parseListQuery with fastify’s own querystring parser', () => {
  it('parses a real request', async () => {
    const app = Fastify();
    app.get('/x', async (request) => parseListQuery(request.query as Record<string, unknown>, spec));
    app.setErrorHandler((err, _request, reply) =>
      reply.status(err instanceof AppError ? err.statusCode : 500).send({ message: err instanceof Error ? err.message : '' }),
    );
    const ok = await app.inject({
      url: '/x?filter%5Bq%5D=ana+mar%C3%ADa&filter[country_id]=3&sort=-name&include=country&fields=id,name&page=2&limit=5&_=123',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      filters: { q: 'ana maría', country_id: '3' },
      sort: [{ field: 'name', direction: 'desc' }],
      includes: ['country'],
      fields: ['id', 'name'],
      page: 2,
      limit: 5,
    });
    const twice = await app.inject({ url: '/x?filter[q]=a&filter[q]=b' });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe('El filtro q se envió más de una vez.');
    const proto = await app.inject({ url: '/x?__proto__[x]=1' });
    expect(proto.statusCode).toBe(400);
    await app.close();
  });
});

describe('paginate', () => {
  const base = 'http://localhost/api/countries';
  const exact = (total: number) => ({ total, estimated: false });

  it('builds a middle page', () => {
    const page = paginate(3, exact(10), { page: 2, limit: 3 }, { base, query: { 'filter[q]': 'ana', sort: '-name', page: '2', limit: '3' } });
    expect(page).toEqual({
      current_page: 2,
      last_page: 4,
      per_page: 3,
      total: 10,
      total_is_estimate: false,
      from: 4,
      to: 6,
      first_page_url: `${base}?filter%5Bq%5D=ana&sort=-name&page=1&limit=3`,
      last_page_url: `${base}?filter%5Bq%5D=ana&sort=-name&page=4&limit=3`,
      prev_page_url: `${base}?filter%5Bq%5D=ana&sort=-name&page=1&limit=3`,
      next_page_url: `${base}?filter%5Bq%5D=ana&sort=-name&page=3&limit=3`,
      path: base,
    });
    // The URLs round-trip to the same parameters.
    expect(Object.fromEntries(new URL(page.next_page_url ?? '').searchParams)).toEqual({
      'filter[q]': 'ana',
      sort: '-name',
      page: '3',
      limit: '3',
    });
  });

  it('builds the first and the last page', () => {
    const first = paginate(2, exact(3), { page: 1, limit: 2 }, { base, query: {} });
    expect(first).toMatchObject({ from: 1, to: 2, last_page: 2, prev_page_url: null, next_page_url: `${base}?page=2` });
    expect(first.first_page_url).toBe(`${base}?page=1`);
    const last = paginate(1, exact(3), { page: 2, limit: 2 }, { base, query: { page: '2' } });
    expect(last).toMatchObject({ from: 3, to: 3, prev_page_url: `${base}?page=1`, next_page_url: null });
  });

  it('handles an empty list', () => {
    expect(paginate(0, exact(0), { page: 1, limit: 15 }, { base, query: {} })).toEqual({
      current_page: 1,
      last_page: 1,
      per_page: 15,
      total: 0,
      total_is_estimate: false,
      from: null,
      to: null,
      first_page_url: `${base}?page=1`,
      last_page_url: `${base}?page=1`,
      prev_page_url: null,
      next_page_url: null,
      path: base,
    });
  });

  it('handles a page past the end (as Laravel)', () => {
    const page = paginate(0, exact(5), { page: 9, limit: 2 }, { base, query: { page: '9' } });
    expect(page).toMatchObject({ current_page: 9, last_page: 3, from: null, to: null, next_page_url: null, prev_page_url: `${base}?page=8` });
  });

  it('keeps repeated and nested parameters and encodes values', () => {
    const page = paginate(1, exact(30), { page: 1, limit: 15 }, {
      base,
      query: { q: 'a&b=c #1 ñ', filter: { country_id: '3' }, tag: ['x', 'y'], empty: undefined },
    });
    const url = new URL(page.next_page_url ?? '');
    expect(url.searchParams.get('q')).toBe('a&b=c #1 ñ');
    expect(url.searchParams.get('filter[country_id]')).toBe('3');
    expect(url.searchParams.getAll('tag')).toEqual(['x', 'y']);
    expect(url.searchParams.has('empty')).toBe(false);
    expect(url.searchParams.get('page')).toBe('2');
    expect(page.next_page_url).toContain('q=a%26b%3Dc+%231+%C3%B1');
  });

  it('replaces a repeated page parameter with one', () => {
    const page = paginate(1, exact(30), { page: 1, limit: 15 }, { base, query: { page: ['1', '5'] } });
    expect(page.next_page_url).toBe(`${base}?page=2`);
  });

  it('past the exact count, says the total is an estimate and follows the rows for the next page', () => {
    const estimated = { total: 250_000, estimated: true };
    const middle = paginate(2, estimated, { page: 3, limit: 2 }, { base, query: {} }, true);
    expect(middle).toMatchObject({ total: 250_000, total_is_estimate: true, last_page: 125_000, next_page_url: `${base}?page=4` });
    // The estimate said more, but the rows ended here: this is the last page.
    const end = paginate(1, estimated, { page: 7, limit: 2 }, { base, query: {} }, false);
    expect(end).toMatchObject({ last_page: 7, next_page_url: null });
    // The estimate said less, but another row followed: the next page is offered.
    const more = paginate(2, { total: 10_001, estimated: true }, { page: 5001, limit: 2 }, { base, query: {} }, true);
    expect(more).toMatchObject({ last_page: 5002, next_page_url: `${base}?page=5002` });
  });
});
