import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

/**
 * HTML forms and the panel's multipart updates send `POST` with `_method=PUT` or `_method=PATCH`
 * (the body plugin records it on `request.methodOverride`). Every PUT and PATCH route therefore
 * also answers POST on the same path. A POST that names another method than the route's is
 * refused; a plain POST counts as PUT (the panel's forms), never as PATCH.
 */
export function registerMethodOverride(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const method = route.method;
    if ((method !== 'PUT' && method !== 'PATCH') || !route.url.startsWith('/api/')) return;
    route.method = [method, 'POST'];
    const preValidation = route.preValidation ? [route.preValidation].flat() : [];
    route.preValidation = [
      ...preValidation,
      async (request) => {
        if (request.method !== 'POST') return;
        const named = request.methodOverride ?? (method === 'PUT' ? 'PUT' : undefined);
        if (named !== method) throw badRequest(`Esta ruta se actualiza con _method=${method}${named ? `, no ${named}` : ''}.`);
      },
    ];
  });
}
