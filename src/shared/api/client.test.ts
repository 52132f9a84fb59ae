import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '@/shared/auth';
import { apiUrl, fail, ok } from '../../../tests/msw/envelope';
import { server } from '../../../tests/msw/server';
import { ApiError, staleRecord } from './api-error';
import { SESSION_EXPIRED_NOTICE, api } from './client';
import { listSearchParams, toFormData } from './params';

const user = { id: 1, name: 'Ana', email: 'ana@panel.test', phone: null, rol: ['Admin'], roles: ['ADMIN'], permissions: [] };

describe('the API client', () => {
  it('sends the bearer token and the Spanish locale, and unwraps the envelope', async () => {
    useSessionStore.getState().setLogin('secreto', user);
    let headers: Headers | undefined;
    server.use(
      http.get(apiUrl('v1/eco'), ({ request }) => {
        headers = request.headers;
        return ok({ hola: 'mundo' });
      }),
    );
    await expect(api.get('v1/eco')).resolves.toEqual({ hola: 'mundo' });
    expect(headers?.get('authorization')).toBe('Bearer secreto');
    expect(headers?.get('accept-language')).toBe('es');
  });

  it("throws the server's message and field errors", async () => {
    server.use(http.post(apiUrl('v1/usuarios'), () => fail(409, 'El email ya está registrado', { email: ['El email ya está registrado'] })));
    const error = await api.post('v1/usuarios', { json: {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'El email ya está registrado', status: 409 });
    expect((error as ApiError).fieldError('email')).toBe('El email ya está registrado');
  });

  it('sends the version it read as If-Match and keeps the record as it is now from a stale refusal', async () => {
    let ifMatch: string | null = null;
    server.use(
      http.put(apiUrl('v1/cosas/1'), ({ request }) => {
        ifMatch = request.headers.get('if-match');
        return HttpResponse.json({ status: 'error', message: 'Otra persona cambió este registro mientras lo editabas.', errors: {}, data: { current: { id: 1, version: 4 } } }, { status: 409 });
      }),
    );
    const error = await api.put('v1/cosas/1', { json: {}, version: 3 }).catch((caught: unknown) => caught);
    expect(ifMatch).toBe('"3"');
    expect(staleRecord(error)).toEqual({ id: 1, version: 4 });
    expect(staleRecord(new ApiError('Ya existe', 409))).toBeUndefined();
  });

  it('uses the caller’s fallback when the answer has no message, and the spec’s default otherwise', async () => {
    server.use(http.get(apiUrl('v1/roto'), () => new HttpResponse('<html>502</html>', { status: 502 })));
    await expect(api.get('v1/roto', { fallback: 'No se pudieron cargar los usuarios' })).rejects.toThrow('No se pudieron cargar los usuarios');
    await expect(api.get('v1/roto')).rejects.toThrow('Request failed');
  });

  it('treats a 200 whose status is not success as an error', async () => {
    server.use(http.get(apiUrl('v1/raro'), () => HttpResponse.json({ status: 'error', message: 'Algo pasó' })));
    await expect(api.get('v1/raro')).rejects.toThrow('Algo pasó');
  });

  it('signs the person out with a notice when the server refuses their token', async () => {
    useSessionStore.getState().setLogin('caducado', user);
    server.use(http.get(apiUrl('v1/lo-que-sea'), () => fail(401, 'Tu sesión expiró o fue cerrada. Inicia sesión de nuevo.')));
    await expect(api.get('v1/lo-que-sea')).rejects.toMatchObject({ status: 401 });
    expect(useSessionStore.getState()).toMatchObject({ token: null, notice: SESSION_EXPIRED_NOTICE });
    // The spec keeps the user object on logout.
    expect(useSessionStore.getState().user?.name).toBe('Ana');
  });

  it('does not sign anyone out for a 401 on a call made without a token (a wrong password)', async () => {
    server.use(http.post(apiUrl('auth/login'), () => fail(401, 'Correo o contraseña incorrectos.')));
    await expect(api.post('auth/login', { json: {} })).rejects.toThrow('Correo o contraseña incorrectos.');
    expect(useSessionStore.getState().notice).toBeNull();
  });
});

describe('request parameters', () => {
  it('writes list params the way the server reads them', () => {
    const params = listSearchParams({ filter: { q: 'ana', role: 'ADMIN', empty: '' }, sort: '-created_at', page: 2, limit: 15, include: ['country'] });
    expect(params.toString()).toBe('filter%5Bq%5D=ana&filter%5Brole%5D=ADMIN&include=country&sort=-created_at&page=2&limit=15');
  });

  it('builds multipart bodies with PHP-style brackets and 1/0 booleans', () => {
    const form = toFormData({ name: 'Cliente', enabled: true, scopes: ['a', 'b'], rate_limit: { max_requests: 10, period: 'hour' }, skip: undefined });
    expect([...form.entries()]).toEqual([
      ['name', 'Cliente'],
      ['enabled', '1'],
      ['scopes[0]', 'a'],
      ['scopes[1]', 'b'],
      ['rate_limit[max_requests]', '10'],
      ['rate_limit[period]', 'hour'],
    ]);
  });
});
