import type { Permission } from '@contract/permissions';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { Db } from '../db/client';
import { sessions } from '../db/schema';
import { sessionPrincipalLookup, type Principal } from '../modules/auth/principal';
import { hashSecret } from '../security/secrets';
import { forbidden, unauthorized } from './errors';

/**
 * Who may call a route: anyone, any signed-in person, or holders of one permission.
 * Every /api route must declare it (`config: { access }`); the server refuses to start otherwise.
 */
export type Access = 'public' | 'signed-in' | Permission;

/**
 * A builder that makes a route's access from a configuration naming who may call it (a resource's
 * `access`, a HISTORIES entry): the route-access test takes their routes as declared there.
 */
export type AccessDeclaredBy = 'resourceRoutes' | 'historyRoute';

/**
 * One row of the route table: a method and path, and who may call it; null for a route outside
 * this scheme (the built panel's files, public). `declaredBy` names the builder that made it, if any.
 */
export interface RouteAccess {
  method: string;
  url: string;
  access: Access | null;
  declaredBy: AccessDeclaredBy | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Every route registered after the access control (all but the OpenAPI documentation's), one
     * row per method: a test walks it to prove each route's access is enforced.
     */
    routeAccess(): RouteAccess[];
  }
  interface FastifyContextConfig {
    access?: Access;
    declaredBy?: AccessDeclaredBy;
  }
  interface FastifyRequest {
    principal: Principal | null;
    sessionId: number | null;
  }
}

/** How stale a session's last use may get before a request records it again. */
export const LAST_USED_PRECISION_MS = 60_000;

/** The token of `Authorization: Bearer <token>`, or null. */
export const bearerToken = (request: FastifyRequest): string | null => {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1] ?? null;
};

/** The one place where routes are authenticated and authorised. */
export function registerAccessControl(app: FastifyInstance, db: Db) {
  app.decorateRequest('principal', null);
  app.decorateRequest('sessionId', null);
  const lookUpSession = sessionPrincipalLookup(db);

  const routes: RouteOptions[] = [];
  // Built when asked, from the routes' own options: hooks registered later may still change them
  // (every PUT route also answers POST).
  app.decorate('routeAccess', () =>
    routes.flatMap((route) =>
      [route.method].flat().map((method) => ({ method: String(method), url: route.url, access: route.config?.access ?? null, declaredBy: route.config?.declaredBy ?? null })),
    ),
  );

  app.addHook('onRoute', (route) => {
    routes.push(route);
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    if (!route.config?.access) throw new Error(`La ruta ${String(route.method)} ${route.url} no declara config.access`);
    // The OpenAPI document shows public routes without the bearer lock.
    if (route.config.access === 'public' && route.schema) route.schema = { ...route.schema, security: [] };
  });

  // onRequest: refused callers are turned away before their body is read.
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access || access === 'public') return;
    const token = bearerToken(request);
    if (!token) throw unauthorized('Debes iniciar sesión para continuar.');
    const found = await lookUpSession(hashSecret(token));
    if (!found || !found.principal.isActive) throw unauthorized('Tu sesión expiró o fue cerrada. Inicia sesión de nuevo.');
    const { principal, sessionId, lastUsedAt } = found;
    request.principal = principal;
    request.sessionId = sessionId;
    // 'Last used' is kept to the minute, so most requests write nothing (decided here, on this clock).
    const now = new Date();
    if (!lastUsedAt || now.getTime() - lastUsedAt.getTime() >= LAST_USED_PRECISION_MS) {
      await db.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, sessionId));
    }
    if (access !== 'signed-in' && !principal.permissions.includes(access)) throw forbidden();
  });
}

/** The principal of a route that is not public (the access hook has already run). */
export const principalOf = (request: FastifyRequest): Principal => {
  if (!request.principal) throw unauthorized();
  return request.principal;
};
