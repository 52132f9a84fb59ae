import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

/**
 * HTML forms and the panel's multipart updates send `POST` with `_method=PUT` (the body plugin
 * records it on `request.methodOverride`). Every PUT route therefore also answers POST on the
 * same path, and a POST that names another method than the route's is refused.
 */
export function registerMethodOverride(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (route.method === 'PUT' && route.url.startsWith('/api/')) {
      route.method = ['PUT', 'POST'];
      const preValidation = route.preValidation ? [route.preValidation].flat() : [];
      route.preValidation = [
        ...preValidation,
        async (request) => {
          if (request.method === 'POST' && request.methodOverride && request.methodOverride !== 'PUT') {
            throw badRequest(`Esta ruta se actualiza con _method=PUT, no ${request.methodOverride}.`);
          }
        },
      ];
    }
  });
}
