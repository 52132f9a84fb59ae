import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../server/db/schema';
import type { RouteAccess } from '../../server/http/access';
import { generateToken, hashSecret } from '../../server/security/secrets';
import { bearer, createTestContext, type TestContext } from './support/context';

/**
 * Who may call each route. A route made by a builder from a configuration that names its access
 * (`resourceRoutes`, `historyRoute`: `declaredBy`) is declared there and read from the app; every
 * other route fails this test until it is listed here on purpose. The walk below then proves each
 * one's access is enforced. A route anyone may call is always listed here.
 * HEAD on each GET route and POST on each PUT or PATCH route (for `_method=` forms) are added by the
 * server with the same access; they are derived below, not listed.
 */
const LISTED: [method: string, url: string, access: RouteAccess['access']][] = [
  ['POST', '/api/auth/login', 'public'],
  ['POST', '/api/auth/resend-2fa', 'public'],
  ['POST', '/api/auth/verify-2fa', 'public'],
  ['POST', '/api/auth/verify-2fa/recovery-code', 'public'],
  ['POST', '/api/auth/logout', 'signed-in'],
  ['GET', '/api/auth/me', 'signed-in'],
  ['GET', '/api/auth/me/preferences', 'signed-in'],
  ['PUT', '/api/auth/me/preferences', 'signed-in'],
  ['POST', '/api/auth/recovery/send-code', 'public'],
  ['POST', '/api/auth/recovery/resend-code', 'public'],
  ['POST', '/api/auth/recovery/verify-code', 'public'],
  ['POST', '/api/auth/recovery/reset-password', 'public'],
  ['GET', '/api/auth/sessions', 'signed-in'],
  ['DELETE', '/api/auth/sessions/:id', 'signed-in'],
  ['POST', '/api/auth/sessions/close-others', 'signed-in'],
  ['POST', '/api/auth/change-password', 'signed-in'],
  ['GET', '/api/auth/second-factor', 'signed-in'],
  ['POST', '/api/auth/second-factor/app', 'signed-in'],
  ['POST', '/api/auth/second-factor/app/confirm', 'signed-in'],
  ['POST', '/api/auth/second-factor/app/disable', 'signed-in'],
  // A super admin only (the service answers 403 to anyone else with users.manage).
  ['POST', '/api/v1/users/:id/second-factor/reset', 'users.manage'],
  ['GET', '/storage/*', 'public'],
  ['GET', '/api/v1/campaigns/:id/plans', 'sponsors.manage'],
  ['GET', '/api/v1/plans/:id/services', 'sponsors.manage'],
  ['POST', '/api/v1/roles/:id/sync-permission', 'roles.manage'],
  ['GET', '/api/v1/permissions', 'roles.manage'],
  // Each entry's resource names its own permission (RESTORE_ACCESS); without it the entry is a 404.
  ['POST', '/api/v1/audit/:id/restore', 'signed-in'],
  ['GET', '/api/v1/dsps/staff', 'dsps.manage'],
  // POST assigns staff, PUT removes them: one route (the POST row is derived from the PUT one).
  ['PUT', '/api/v1/dsps/:id/users', 'dsps.manage'],
  ['GET', '/api/v1/dsps/:id/users', 'dsps.manage'],
  // Any signed-in person may call these; the service answers 404 for DSPs they are not assigned to
  // (unless they hold dsps.manage), so the customers' data is guarded there, per record.
  ['GET', '/api/v1/dsps/:dspId/customer-plans', 'signed-in'],
  ['PATCH', '/api/v1/entitlements/:id/status', 'signed-in'],
  // Sales' totals follow the same rule: every DSP with dsps.manage, else only those assigned. Every
  // list's CSV (`<list>/export`) is declared by resourceRoutes with its list's own access and scope.
  ['GET', '/api/v1/sales/summary', 'signed-in'],
  // The same as creating a customer of the DSP: any signed-in person, 404 for a DSP not theirs.
  ['POST', '/api/v1/dsps/:dspId/customers/import', 'signed-in'],
  // Bookings: reading needs operations.view, every change bookings.change-status; both also the
  // DSP's visibility (404 for a DSP not assigned, unless dsps.manage), checked by the service.
  ['GET', '/api/v1/booking-dsps', 'operations.view'],
  ['GET', '/api/v1/dsps/:dspId/bookings/summary', 'operations.view'],
  ['GET', '/api/v1/dsps/:dspId/bookings/stats', 'operations.view'],
  ['PATCH', '/api/v1/bookings/:id/status', 'bookings.change-status'],
  // Acting on many (server/http/bulk.ts): the single-record action's permission; each record's own rules and DSP in the service.
  ['POST', '/api/v1/dsps/:dspId/bookings/bulk', 'bookings.change-status'],
  ['POST', '/api/v1/dsps/bulk', 'dsps.manage'],
  ['POST', '/api/v1/dsps/:dspId/connectors/bulk', 'dsps.manage'],
  ['POST', '/api/v1/dsps/:dspId/clients/bulk', 'dsps.manage'],
  ['POST', '/api/v1/sponsors/bulk', 'sponsors.manage'],
  ['POST', '/api/v1/campaigns/bulk', 'sponsors.manage'],
  ['POST', '/api/v1/categories/bulk', 'categories.delete'],
  ['POST', '/api/v1/users/bulk', 'users.manage'],
  // Customers: like one by one, any signed-in person, and only the DSPs they see (else 404), checked by the route.
  ['POST', '/api/v1/dsps/:dspId/customers/bulk', 'signed-in'],
  ['POST', '/api/v1/dsps/:dspId/entitlements/bulk', 'signed-in'],
  // The live bookings stream: operations.view, and only the DSPs the person sees (else 404).
  ['GET', '/api/v1/dsps/:dspId/bookings/stream', 'operations.view'],
  // Each person's own saved views: any signed-in person; the service answers 403/404 for the views of others.
  ['GET', '/api/v1/saved-views', 'signed-in'],
  ['GET', '/api/v1/saved-views/:id', 'signed-in'],
  ['POST', '/api/v1/saved-views', 'signed-in'],
  ['PUT', '/api/v1/saved-views/:id', 'signed-in'],
  ['DELETE', '/api/v1/saved-views/:id', 'signed-in'],
  // The global search: any signed-in person; each type is filtered by its permission and the DSP's visibility in the search itself.
  ['GET', '/api/v1/search', 'signed-in'],
  // For the load balancer and the supervisor: no token, no sign-in limit (modules/health).
  ['GET', '/health/live', 'public'],
  ['GET', '/health/ready', 'public'],
];

const key = (route: RouteAccess) => `${route.method} ${route.url} → ${route.access}`;

const listed = LISTED.flatMap(([method, url, access]) => {
  const row = { method, url, access, declaredBy: null };
  if (method === 'GET') return [row, { ...row, method: 'HEAD' }];
  if (method === 'PUT' || method === 'PATCH') return [row, { ...row, method: 'POST' }];
  return [row];
});

let ctx: TestContext;
let routes: RouteAccess[];
/** A signed-in person with no role, so no permission at all. */
let nobodyToken: string;
let nobodyId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  routes = ctx.app.routeAccess();
  nobodyId = await ctx.createUser({ email: 'sin-permisos@panel.test' });
  nobodyToken = await ctx.signIn('sin-permisos@panel.test');
});
afterAll(async () => {
  await ctx?.close();
});

/** A request to the route with its path parameters filled in (access is decided before they are read). */
const requestTo = (route: RouteAccess, headers: Record<string, string> = {}): InjectOptions => ({
  method: route.method as InjectOptions['method'],
  url: route.url.replace(/:\w+/g, '1').replace('*', 'x'),
  headers,
});

describe('the route table', () => {
  it('lists exactly the routes no builder declares, each with the access written above', () => {
    const undeclared = routes.filter((route) => route.declaredBy === null);
    expect(undeclared.map(key).sort()).toEqual(listed.map(key).sort());
  });

  it('makes no declared route public: a route anyone may call is listed above', () => {
    const declared = routes.filter((route) => route.declaredBy !== null);
    expect(declared.filter((route) => route.access === 'public' || route.access === null).map(key)).toEqual([]);
  });
});

describe('every route that is not public', () => {
  it('answers 401 without a token, or with one that is not a session', async () => {
    const guarded = routes.filter((route) => route.access !== 'public' && route.access !== null);
    expect(guarded.length).toBeGreaterThan(0);
    for (const route of guarded) {
      for (const headers of [{}, bearer('no-es-un-token')]) {
        const response = await ctx.inject(requestTo(route, headers));
        expect(response.statusCode, key(route)).toBe(401);
        // HEAD answers carry no body.
        if (route.method !== 'HEAD') expect(response.json(), key(route)).toMatchObject({ status: 'error', message: expect.any(String) });
      }
    }
  });

  it('answers 403 to a signed-in person without its permission', async () => {
    const guarded = routes.filter((route) => route.access !== 'public' && route.access !== 'signed-in' && route.access !== null);
    expect(guarded.length).toBeGreaterThan(0);
    for (const route of guarded) {
      const response = await ctx.inject(requestTo(route, bearer(nobodyToken)));
      expect(response.statusCode, key(route)).toBe(403);
      if (route.method !== 'HEAD') {
        expect(response.json(), key(route)).toEqual({ status: 'error', request_id: expect.any(String), message: 'No tienes permiso para realizar esta acción.' });
      }
    }
  });

  it('lets in a signed-in person without any permission where a session is all it asks', async () => {
    const open = routes.filter((route) => route.access === 'signed-in');
    for (const route of open) {
      // A session of its own (written directly, as sign-in would): some of these routes end the
      // session they are called with.
      const token = generateToken();
      await ctx.db.insert(sessions).values({ userId: nobodyId, tokenHash: hashSecret(token), expiresAt: new Date(Date.now() + 3_600_000) });
      const response = await ctx.inject(requestTo(route, bearer(token)));
      expect([401, 403], key(route)).not.toContain(response.statusCode);
    }
  });
});

describe('every public route', () => {
  it('answers without a token', async () => {
    for (const route of routes.filter((candidate) => candidate.access === 'public' || candidate.access === null)) {
      const response = await ctx.inject(requestTo(route));
      expect([401, 403], key(route)).not.toContain(response.statusCode);
    }
  });
});
