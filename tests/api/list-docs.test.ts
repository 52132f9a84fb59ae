import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './support/context';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Parameter = { in: string; name: string; description?: string };

describe('/api/docs', () => {
  const parameters = async (path: string): Promise<Parameter[]> => {
    const { paths } = (await ctx.inject({ method: 'GET', url: '/api/docs/json' })).json();
    return (paths[path].get.parameters as Parameter[]).filter((parameter) => parameter.in === 'query');
  };

  it.each([
    ['/api/v1/countries', ['filter[q]', 'q', 'sort', 'fields', 'page', 'limit']],
    ['/api/v1/roles', ['filter[q]', 'q', 'sort', 'fields', 'page', 'limit']],
    ['/api/v1/users', ['filter[q]', 'filter[country_id]', 'filter[role]', 'filter[is_active]', 'q', 'sort', 'fields', 'page', 'limit']],
    ['/api/v1/sponsors', ['filter[q]', 'filter[country_id]', 'q', 'sort', 'include', 'fields', 'page', 'limit']],
    ['/api/v1/campaigns', ['filter[q]', 'filter[status]', 'filter[sponsor_id]', 'filter[country_id]', 'q', 'sort', 'include', 'fields', 'page', 'limit']],
    [
      '/api/v1/dsps',
      ['filter[q]', 'filter[type]', 'filter[enabled]', 'filter[country_id]', 'filter[sponsor_id]', 'q', 'sort', 'include', 'fields', 'page', 'limit'],
    ],
    ['/api/v1/dsps/staff', ['filter[q]', 'q', 'sort', 'page', 'limit']],
    ['/api/v1/dsps/{id}/users', ['filter[q]', 'q', 'sort', 'fields', 'page', 'limit']],
    ['/api/v1/dsps/{dspId}/connectors', ['filter[q]', 'filter[key]', 'filter[type]', 'filter[enabled]', 'q', 'sort', 'include', 'fields', 'page', 'limit']],
    ['/api/v1/dsps/{dspId}/clients', ['filter[q]', 'filter[type]', 'filter[enabled]', 'q', 'sort', 'fields', 'page', 'limit']],
    [
      '/api/v1/dsps/{dspId}/customers',
      ['filter[q]', 'filter[dni]', 'filter[name]', 'filter[email]', 'filter[phone]', 'q', 'sort', 'include', 'fields', 'page', 'limit'],
    ],
    [
      '/api/v1/sales',
      ['filter[status]', 'filter[payment_method]', 'filter[dsp_id]', 'filter[q]', 'filter[from]', 'filter[to]', 'q', 'sort', 'page', 'limit'],
    ],
    ['/api/v1/sales/summary', ['filter[status]', 'filter[payment_method]', 'filter[dsp_id]', 'filter[q]', 'filter[from]', 'filter[to]']],
    // An export takes its list's filters and sort, never a page: it is every row.
    ['/api/v1/sales/export', ['filter[status]', 'filter[payment_method]', 'filter[dsp_id]', 'filter[q]', 'filter[from]', 'filter[to]', 'q', 'sort']],
    ['/api/v1/dsps/{dspId}/customers/export', ['filter[q]', 'filter[dni]', 'filter[name]', 'filter[email]', 'filter[phone]', 'q', 'sort']],
    ['/api/v1/users/export', ['filter[q]', 'filter[country_id]', 'filter[role]', 'filter[is_active]', 'q', 'sort']],
    ['/api/v1/sponsors/export', ['filter[q]', 'filter[country_id]', 'q', 'sort']],
    ['/api/v1/campaigns/export', ['filter[q]', 'filter[status]', 'filter[sponsor_id]', 'filter[country_id]', 'q', 'sort']],
    ['/api/v1/dsps/export', ['filter[q]', 'filter[type]', 'filter[enabled]', 'filter[country_id]', 'filter[sponsor_id]', 'q', 'sort']],
    [
      '/api/v1/dsps/{dspId}/bookings',
      ['filter[q]', 'filter[status]', 'filter[scheduled_at]', 'filter[created_at]', 'filter[customer_id]', 'q', 'sort', 'include', 'fields', 'page', 'limit', 'tz'],
    ],
    ['/api/v1/dsps/{dspId}/bookings/summary', ['filter[q]', 'filter[status]', 'filter[scheduled_at]', 'filter[created_at]', 'filter[customer_id]', 'tz']],
    ['/api/v1/dsps/{dspId}/bookings/export', ['filter[q]', 'filter[status]', 'filter[scheduled_at]', 'filter[created_at]', 'filter[customer_id]', 'q', 'sort', 'tz']],
    ['/api/v1/dsps/{dspId}/bookings/stats', ['tz']],
    // A menu, not a paginated list: the list's name is its only parameter.
    ['/api/v1/saved-views', ['filter[list]']],
  ])('shows every list parameter of %s, each described', async (path, names) => {
    const query = await parameters(path);
    expect(query.map((parameter) => parameter.name)).toEqual(names);
    for (const parameter of query) expect(parameter.description).toBeTruthy();
  });

  it('shows the sorts with their default, and the page size with its cap', async () => {
    const query = await parameters('/api/v1/campaigns');
    expect(query.find((parameter) => parameter.name === 'sort')?.description).toMatch(/id, name, created_at, start_date, end_date, budget\. Por defecto -created_at/);
    expect(query.find((parameter) => parameter.name === 'limit')?.description).toMatch(/12 por defecto, 300 como máximo/);
  });

  it('shows include and fields on the details that accept them', async () => {
    expect((await parameters('/api/v1/campaigns/{id}')).map((parameter) => parameter.name)).toEqual(['include', 'fields']);
    expect((await parameters('/api/v1/sponsors/{id}')).map((parameter) => parameter.name)).toEqual(['include', 'fields']);
    expect((await parameters('/api/v1/dsps/{id}')).map((parameter) => parameter.name)).toEqual(['include', 'fields']);
    expect((await parameters('/api/v1/customers/{id}')).map((parameter) => parameter.name)).toEqual(['include', 'fields']);
    expect((await parameters('/api/v1/bookings/{id}')).map((parameter) => parameter.name)).toEqual(['include', 'fields']);
    // The DSP's plans for the customer form: one fixed answer, no list parameter.
    expect(await parameters('/api/v1/dsps/{dspId}/customer-plans')).toEqual([]);
  });

  it('shows the customers list’s page size of 12 and its newest-first default', async () => {
    const query = await parameters('/api/v1/dsps/{dspId}/customers');
    expect(query.find((parameter) => parameter.name === 'limit')?.description).toMatch(/12 por defecto/);
    expect(query.find((parameter) => parameter.name === 'sort')?.description).toMatch(/Por defecto -created_at/);
    expect(query.find((parameter) => parameter.name === 'include')?.description).toMatch(/entitlements, entitlements\.plan/);
  });

  it('shows the bookings list’s page size of 12, its newest-first default, its includes and its time zone', async () => {
    const query = await parameters('/api/v1/dsps/{dspId}/bookings');
    expect(query.find((parameter) => parameter.name === 'limit')?.description).toMatch(/12 por defecto/);
    expect(query.find((parameter) => parameter.name === 'sort')?.description).toMatch(/id, code_ref, scheduled_at, created_at\. Por defecto -created_at/);
    expect(query.find((parameter) => parameter.name === 'include')?.description).toMatch(/customer, entitlement, entitlement\.plan, plan, dsp, service/);
    expect(query.find((parameter) => parameter.name === 'tz')?.description).toMatch(/America\/Bogota/);
    const detail = await parameters('/api/v1/bookings/{id}');
    expect(detail.find((parameter) => parameter.name === 'include')?.description).toMatch(/status_histories/);
  });

  it('shows the staff picker’s cap of 100', async () => {
    expect((await parameters('/api/v1/dsps/staff')).find((parameter) => parameter.name === 'limit')?.description).toMatch(/100 por defecto, 100 como máximo/);
  });
});

describe('/api/docs on versions', () => {
  type Operation = { parameters?: Parameter[]; responses: Record<string, unknown>; requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> } };

  it('documents If-Match, the body’s version and the 409 on every update, status change and delete', async () => {
    const { paths } = (await ctx.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, Operation>> };
    const writes = Object.entries(paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([method]) => method === 'put' || method === 'delete' || (method === 'patch' && path.endsWith('/status')) || path.endsWith('/sync-permission'))
        .map(([method, operation]) => [`${method.toUpperCase()} ${path}`, method, operation] as const),
    );
    // Not edits of a record someone else may be editing: a set of people added or taken off, a session
    // ended, one's own saved view, a person's own theme and columns (the last save wins).
    const unversioned = ['PUT /api/v1/dsps/{id}/users', 'DELETE /api/auth/sessions/{id}', 'PUT /api/v1/saved-views/{id}', 'DELETE /api/v1/saved-views/{id}', 'PUT /api/auth/me/preferences'];
    const missing = writes
      .filter(([name]) => !unversioned.includes(name))
      .filter(([, method, operation]) => {
        const header = operation.parameters?.some((parameter) => parameter.in === 'header' && parameter.name === 'if-match');
        const body = method === 'delete' || Object.keys(operation.requestBody?.content['application/json']?.schema.properties ?? {}).includes('version');
        return !header || !body || !('409' in operation.responses);
      })
      .map(([name]) => name);
    expect(writes.length).toBeGreaterThanOrEqual(25);
    expect(missing).toEqual([]);
  });
});
