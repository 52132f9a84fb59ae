import type { FastifyInstance } from 'fastify';
import { notFound } from '../http/errors';
import { CONTENT_TYPE_BY_EXTENSION, extensionOf, isStorageKey, type Storage } from './storage';

/**
 * Serves stored files at `/storage/<key>`. Public on purpose: an `<img>` cannot send a bearer
 * token, and keys carry 128 random bits, so an address is only known to those shown it.
 * The Content-Type comes from the stored extension (itself chosen from the file's bytes), never
 * from anything a client sent; `nosniff` and `inline` keep browsers from reinterpreting it.
 */
export async function storageRoutes(app: FastifyInstance, { storage }: { storage: Storage }) {
  app.get<{ Params: { '*': string } }>(
    '/storage/*',
    { config: { access: 'public' }, schema: { hide: true } },
    async (request, reply) => {
      const key = request.params['*'];
      const file = isStorageKey(key) ? await storage.read(key) : null;
      if (!file) throw notFound('El archivo no existe.');
      return reply
        .header('content-type', CONTENT_TYPE_BY_EXTENSION[extensionOf(key)]!)
        .header('content-length', String(file.size))
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        // A key is never reused: a replaced logo gets a new one.
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(file.stream);
    },
  );
}
