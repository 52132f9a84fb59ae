import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../server/db/schema';
import type { RouteAccess } from '../../server/http/access';
import { generateToken, hashSecret } from '../../server/security/secrets';
import { bearer, createTestContext, type TestContext } from './support/context';

/**
 * Every route of the server and who may call it. A new route fails this test until it is added
 * here on purpose, and then the walk below proves its access is enforced.
 * HEAD on each GET route and POST on each PUT or PATCH route (for `_method=` forms) are added by the
 * server with the same access; they are derived below, not listed.
 */
const ROUTES: [method: string, url: string, access: RouteAccess['access']][] = [
  ['POST', '/api/auth/login', 'public'],
  ['POST', '/api/auth/resend-2fa', 'public'],
  ['POST', '/api/auth/verify-2fa', 'public'],
  ['POST', '/api/auth/logout', 'signed-in'],
  ['GET', '/api/auth/me', 'signed-in'],
  ['POST', '/api/auth/recovery/send-code', 'public'],
  ['POST', '/api/auth/recovery/resend-code', 'public'],
  ['POST', '/api/auth/recovery/verify-code', 'public'],
  ['POST', '/api/auth/recovery/reset-password', 'public'],
  ['GET', '/api/auth/sessions', 'signed-in'],
  ['DELETE', '/api/auth/sessions/:id', 'signed-in'],
  ['POST', '/api/auth/sessions/close-others', 'signed-in'],
  ['POST', '/api/auth/change-password', 'signed-in'],
  ['GET', '/api/v1/countries', 'signed-in'],
  ['GET', '/api/v1/countries/:id', 'signed-in'],
  ['POST', '/api/v1/countries', 'countries.manage'],
  ['PUT', '/api/v1/countries/:id', 'countries.manage'],
  ['DELETE', '/api/v1/countries/:id', 'countries.manage'],
  ['GET', '/api/v1/countries/:id/deletion', 'countries.manage'],
  ['GET', '/storage/*', 'public'],
  ['GET', '/api/v1/sponsors', 'sponsors.manage'],
  ['GET', '/api/v1/sponsors/:id', 'sponsors.manage'],
  ['POST', '/api/v1/sponsors', 'sponsors.manage'],
  ['PUT', '/api/v1/sponsors/:id', 'sponsors.manage'],
  ['DELETE', '/api/v1/sponsors/:id', 'sponsors.manage'],
  ['GET', '/api/v1/sponsors/:id/deletion', 'sponsors.manage'],
  ['GET', '/api/v1/campaigns', 'sponsors.manage'],
  ['GET', '/api/v1/campaigns/:id', 'sponsors.manage'],
  ['POST', '/api/v1/campaigns', 'sponsors.manage'],
  ['PUT', '/api/v1/campaigns/:id', 'sponsors.manage'],
  ['DELETE', '/api/v1/campaigns/:id', 'sponsors.manage'],
  ['GET', '/api/v1/campaigns/:id/deletion', 'sponsors.manage'],
  ['GET', '/api/v1/plans', 'sponsors.manage'],
  ['GET', '/api/v1/campaigns/:id/plans', 'sponsors.manage'],
  ['POST', '/api/v1/campaigns/:campaignId/plans', 'sponsors.manage'],
  ['GET', '/api/v1/plans/:id', 'sponsors.manage'],
  ['PUT', '/api/v1/plans/:id', 'sponsors.manage'],
  ['DELETE', '/api/v1/plans/:id', 'sponsors.manage'],
  ['GET', '/api/v1/plans/:id/deletion', 'sponsors.manage'],
  ['GET', '/api/v1/categories', 'signed-in'],
  ['GET', '/api/v1/categories/:id', 'signed-in'],
  ['POST', '/api/v1/categories', 'categories.manage'],
  ['PUT', '/api/v1/categories/:id', 'categories.manage'],
  ['DELETE', '/api/v1/categories/:id', 'categories.delete'],
  ['GET', '/api/v1/categories/:id/deletion', 'categories.delete'],
  ['GET', '/api/v1/campaigns/:id/campaign-categories', 'sponsors.manage'],
  ['POST', '/api/v1/campaigns/:id/campaign-categories', 'sponsors.manage'],
  ['GET', '/api/v1/campaign-categories/:id', 'sponsors.manage'],
  ['PUT', '/api/v1/campaign-categories/:id', 'sponsors.manage'],
  ['DELETE', '/api/v1/campaign-categories/:id', 'sponsors.manage'],
  ['GET', '/api/v1/campaign-categories/:id/deletion', 'sponsors.manage'],
  ['GET', '/api/v1/plans/:id/services', 'sponsors.manage'],
  ['GET', '/api/v1/services', 'sponsors.manage'],
  ['POST', '/api/v1/plans/:id/services', 'sponsors.manage'],
  ['GET', '/api/v1/services/:id', 'sponsors.manage'],
  ['PUT', '/api/v1/services/:id', 'sponsors.manage'],
  ['DELETE', '/api/v1/services/:id', 'sponsors.manage'],
  ['GET', '/api/v1/services/:id/deletion', 'sponsors.manage'],
  ['GET', '/api/v1/users', 'users.manage'],
  ['GET', '/api/v1/users/:id', 'users.manage'],
  ['POST', '/api/v1/users', 'users.manage'],
  ['PUT', '/api/v1/users/:id', 'users.manage'],
  ['DELETE', '/api/v1/users/:id', 'users.manage'],
  ['GET', '/api/v1/users/:id/deletion', 'users.manage'],
  ['GET', '/api/v1/roles', 'users.manage'],
  ['GET', '/api/v1/roles/:id', 'users.manage'],
  ['POST', '/api/v1/roles/:id/sync-permission', 'roles.manage'],
  ['GET', '/api/v1/permissions', 'roles.manage'],
  ['GET', '/api/v1/audit', 'audit.view'],
  ['GET', '/api/v1/audit/export', 'audit.view'],
  ['GET', '/api/v1/users/:id/history', 'users.manage'],
  ['GET', '/api/v1/sponsors/:id/history', 'sponsors.manage'],
  ['GET', '/api/v1/campaigns/:id/history', 'sponsors.manage'],
  ['GET', '/api/v1/plans/:id/history', 'sponsors.manage'],
  ['GET', '/api/v1/categories/:id/history', 'categories.manage'],
  ['GET', '/api/v1/campaign-categories/:id/history', 'sponsors.manage'],
  ['GET', '/api/v1/services/:id/history', 'sponsors.manage'],
  ['GET', '/api/v1/dsps', 'dsps.manage'],
  ['GET', '/api/v1/dsps/staff', 'dsps.manage'],
  ['GET', '/api/v1/dsps/:id', 'dsps.manage'],
  ['POST', '/api/v1/dsps', 'dsps.manage'],
  ['PUT', '/api/v1/dsps/:id', 'dsps.manage'],
  ['DELETE', '/api/v1/dsps/:id', 'dsps.manage'],
  ['GET', '/api/v1/dsps/:id/deletion', 'dsps.manage'],
  // POST assigns staff, PUT removes them: one route (the POST row is derived from the PUT one).
  ['PUT', '/api/v1/dsps/:id/users', 'dsps.manage'],
  ['GET', '/api/v1/dsps/:id/users', 'dsps.manage'],
  ['GET', '/api/v1/dsps/:id/history', 'dsps.manage'],
  ['GET', '/api/v1/dsps/:dspId/connectors', 'dsps.manage'],
  ['GET', '/api/v1/connectors/:id', 'dsps.manage'],
  ['POST', '/api/v1/dsps/:dspId/connectors', 'dsps.manage'],
  ['PUT', '/api/v1/connectors/:id', 'dsps.manage'],
  ['DELETE', '/api/v1/connectors/:id', 'dsps.manage'],
  ['GET', '/api/v1/connectors/:id/deletion', 'dsps.manage'],
  ['GET', '/api/v1/connectors/:id/history', 'dsps.manage'],
  ['GET', '/api/v1/dsps/:dspId/clients', 'dsps.manage'],
  ['GET', '/api/v1/clients/:id', 'dsps.manage'],
  ['POST', '/api/v1/dsps/:dspId/clients', 'dsps.manage'],
  ['PUT', '/api/v1/clients/:id', 'dsps.manage'],
  ['DELETE', '/api/v1/clients/:id', 'dsps.manage'],
  ['GET', '/api/v1/clients/:id/deletion', 'dsps.manage'],
  ['GET', '/api/v1/clients/:id/history', 'dsps.manage'],
  // Any signed-in person may call these; the service answers 404 for DSPs they are not assigned to
  // (unless they hold dsps.manage), so the customers' data is guarded there, per record.
  ['GET', '/api/v1/dsps/:dspId/customers', 'signed-in'],
  ['GET', '/api/v1/dsps/:dspId/customer-plans', 'signed-in'],
  ['POST', '/api/v1/dsps/:dspId/customers', 'signed-in'],
  ['GET', '/api/v1/customers/:id', 'signed-in'],
  ['PUT', '/api/v1/customers/:id', 'signed-in'],
  ['DELETE', '/api/v1/customers/:id', 'signed-in'],
  ['GET', '/api/v1/customers/:id/deletion', 'signed-in'],
  ['GET', '/api/v1/customers/:id/history', 'signed-in'],
  ['GET', '/api/v1/entitlements/:id', 'signed-in'],
  ['POST', '/api/v1/entitlements', 'signed-in'],
  ['PATCH', '/api/v1/entitlements/:id/status', 'signed-in'],
  // Sales and the exports follow the same rule: every DSP with dsps.manage, else only those assigned.
  ['GET', '/api/v1/sales', 'signed-in'],
  ['GET', '/api/v1/sales/summary', 'signed-in'],
  ['GET', '/api/v1/sales/export', 'signed-in'],
  ['GET', '/api/v1/dsps/:dspId/customers/export', 'signed-in'],
  // Bookings: reading needs operations.view, every change bookings.change-status; both also the
  // DSP's visibility (404 for a DSP not assigned, unless dsps.manage), checked by the service.
  ['GET', '/api/v1/booking-dsps', 'operations.view'],
  ['GET', '/api/v1/dsps/:dspId/bookings', 'operations.view'],
  ['GET', '/api/v1/dsps/:dspId/bookings/summary', 'operations.view'],
  ['GET', '/api/v1/dsps/:dspId/bookings/stats', 'operations.view'],
  ['GET', '/api/v1/dsps/:dspId/bookings/export', 'operations.view'],
  ['POST', '/api/v1/dsps/:dspId/bookings', 'bookings.change-status'],
  ['GET', '/api/v1/bookings/:id', 'operations.view'],
  ['PUT', '/api/v1/bookings/:id', 'bookings.change-status'],
  ['PATCH', '/api/v1/bookings/:id/status', 'bookings.change-status'],
  ['DELETE', '/api/v1/bookings/:id', 'bookings.change-status'],
  ['GET', '/api/v1/bookings/:id/deletion', 'bookings.change-status'],
  ['GET', '/api/v1/bookings/:id/history', 'operations.view'],
  // The live bookings stream: operations.view, and only the DSPs the person sees (else 404).
  ['GET', '/api/v1/dsps/:dspId/bookings/stream', 'operations.view'],
];

const key = (route: RouteAccess) => `${route.method} ${route.url} → ${route.access}`;

const expected = ROUTES.flatMap(([method, url, access]) => {
  const row = { method, url, access };
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
  it('lists exactly the routes above, each with the access written there', () => {
    expect(routes.map(key).sort()).toEqual(expected.map(key).sort());
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
        expect(response.json(), key(route)).toEqual({ status: 'error', message: 'No tienes permiso para realizar esta acción.' });
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
