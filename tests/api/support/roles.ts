import { ROLE_SLUGS, type RoleSlug } from '@contract/role';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { bearer, type TestContext } from './context';

export type RoleTokens = Record<RoleSlug, string>;

/**
 * A signed-in token for each role: the seeded super admin, and one new user per other role
 * (`<prefix>-<role>@panel.test`), each signed in through the real endpoints.
 */
export async function signInAsEveryRole(ctx: TestContext, prefix: string): Promise<RoleTokens> {
  const tokens = { SUPER_ADMIN: await ctx.signIn() } as RoleTokens;
  for (const slug of ROLE_SLUGS.filter((slug) => slug !== 'SUPER_ADMIN')) {
    const email = `${prefix}-${slug.toLowerCase().replaceAll('_', '-')}@panel.test`;
    await ctx.createUser({ email, roles: [slug] });
    tokens[slug] = await ctx.signIn(email);
  }
  return tokens;
}

export interface GuardedEndpoint {
  name: string;
  /** Roles whose default permissions allow the call. */
  allowed: readonly RoleSlug[];
  /** Builds a request that succeeds for an allowed caller (it may create what it needs first). */
  request: () => Promise<InjectOptions> | InjectOptions;
  /** The success status, 200 unless said. */
  status?: number;
}

/**
 * The permission matrix: each role against each endpoint — allowed ones succeed, the others get
 * 403 — and the endpoint without a token, or with an unknown one, gets 401.
 */
export function describePermissionMatrix(getCtx: () => TestContext, getTokens: () => RoleTokens, endpoints: GuardedEndpoint[]) {
  const send = async (endpoint: GuardedEndpoint, headers: Record<string, string>): Promise<LightMyRequestResponse> => {
    const options = await endpoint.request();
    return getCtx().inject({ ...options, headers: { ...(options.headers as Record<string, string>), ...headers } });
  };

  describe('permission matrix', () => {
    for (const endpoint of endpoints) {
      for (const slug of ROLE_SLUGS) {
        const allowed = endpoint.allowed.includes(slug);
        it(`${endpoint.name}: ${slug} ${allowed ? 'succeeds' : 'gets 403'}`, async () => {
          const response = await send(endpoint, bearer(getTokens()[slug]));
          if (allowed) {
            expect(response.statusCode, response.body).toBe(endpoint.status ?? 200);
            expect(response.json().status).toBe('success');
          } else {
            expect(response.statusCode, response.body).toBe(403);
            expect(response.json()).toEqual({ status: 'error', request_id: expect.any(String), message: 'No tienes permiso para realizar esta acción.' });
          }
        });
      }
      it(`${endpoint.name}: without a token or with an unknown one gets 401`, async () => {
        const anonymous = await send(endpoint, {});
        expect(anonymous.statusCode).toBe(401);
        expect(anonymous.json().status).toBe('error');
        const unknown = await send(endpoint, bearer('not-a-real-token'));
        expect(unknown.statusCode).toBe(401);
      });
    }
  });
}
