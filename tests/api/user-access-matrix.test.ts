import { ROLE_NAMES, ROLE_SLUGS, type RoleSlug } from '@contract/role';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, createTestContext, type TestContext } from './support/context';
import { signInAsEveryRole, type RoleTokens } from './support/roles';

/**
 * Who may act on whom. A super admin first gives users.manage and roles.manage to ADMIN and
 * users.manage to BUSINESS_LEADER, so three roles manage users with different permissions:
 *   SUPER_ADMIN      everything
 *   ADMIN            users.manage, roles.manage, sponsors.manage, categories.manage
 *   BUSINESS_LEADER  users.manage, sponsors.manage, categories.manage, operations.view, bookings.change-status
 *   OPERATOR         sponsors.manage, categories.manage, operations.view, bookings.change-status
 * and each of them tries every user and role write on a target of every role.
 */

let ctx: TestContext;
let tokens: RoleTokens;
let superAdmin: Record<string, string>;
const roleId = {} as Record<RoleSlug, number>;
const defaults = {} as Record<RoleSlug, string[]>;

const MESSAGES = {
  noPermission: 'No tienes permiso para realizar esta acción.',
  superAdminTarget: (action: string) => `Solo un Super Admin puede ${action} a otro Super Admin.`,
  strongerUser: (action: string) => `No puedes ${action} a un usuario con permisos que tú no tienes.`,
  role: (slug: RoleSlug) => `No puedes asignar el rol ${ROLE_NAMES[slug]}: incluye permisos que tú no tienes.`,
  grant: (names: string[]) => `No puedes conceder permisos que tú no tienes: ${names.join(', ')}.`,
  strongerRole: (slug: RoleSlug) => `No puedes modificar el rol ${ROLE_NAMES[slug]}: tiene permisos que tú no tienes.`,
  superAdminRoleLocked: 'Los permisos de Super Admin no se pueden modificar.',
  superAdminNotAssignable: 'El rol Super Admin no se puede asignar desde la gestión de usuarios.',
};

const rolePermissions = async (slug: RoleSlug) =>
  (await ctx.inject({ method: 'GET', url: `/api/v1/roles/${roleId[slug]}`, headers: superAdmin })).json().data.permissions as string[];
const sync = (slug: RoleSlug, permissions: string[], headers = superAdmin) =>
  ctx.inject({ method: 'POST', url: `/api/v1/roles/${roleId[slug]}/sync-permission`, headers, payload: { permissions } });

beforeAll(async () => {
  ctx = await createTestContext();
  tokens = await signInAsEveryRole(ctx, 'matrix');
  superAdmin = bearer(tokens.SUPER_ADMIN);
  const roles = (await ctx.inject({ method: 'GET', url: '/api/v1/roles', headers: superAdmin })).json().data.data;
  for (const role of roles) roleId[role.slug as RoleSlug] = role.id;
  for (const slug of ROLE_SLUGS) defaults[slug] = await rolePermissions(slug);
  // Granted the way a super admin would, from the Roles tab.
  expect((await sync('ADMIN', [...defaults.ADMIN, 'users.manage', 'roles.manage'])).statusCode).toBe(200);
  expect((await sync('BUSINESS_LEADER', [...defaults.BUSINESS_LEADER, 'users.manage'])).statusCode).toBe(200);
  for (const slug of ROLE_SLUGS) defaults[slug] = await rolePermissions(slug);
});
afterAll(async () => {
  await ctx?.close();
});

/** 'ok', or the 403 message the actor reads. */
type Outcome = 'ok' | string;

let counter = 0;
/** A user of `slug` who can sign in, with the body that edits them. */
async function target(slug: RoleSlug) {
  counter += 1;
  const email = `objetivo-${counter}@panel.test`;
  const id = await ctx.createUser({ email, roles: [slug] });
  return { id, email, body: { dni: `OBJ-${counter}`, name: `Objetivo ${counter}`, email, phone: '300', roles: [slug] } };
}

const rolesOf = async (id: number) =>
  (await ctx.inject({ method: 'GET', url: `/api/v1/users/${id}`, headers: superAdmin })).json().data.roles.map((role: { slug: string }) => role.slug);

const expectRefusal = (response: { statusCode: number; body: string; json: () => unknown }, message: string) => {
  expect(response.statusCode, response.body).toBe(403);
  expect(response.json()).toEqual({ status: 'error', request_id: expect.any(String), message });
};

describe('acting on a user of each role: PUT and DELETE /api/v1/users/:id', () => {
  const ACT: Record<RoleSlug, Record<RoleSlug, (action: string) => Outcome>> = {
    SUPER_ADMIN: { SUPER_ADMIN: () => 'ok', ADMIN: () => 'ok', BUSINESS_LEADER: () => 'ok', OPERATOR: () => 'ok' },
    ADMIN: {
      SUPER_ADMIN: MESSAGES.superAdminTarget,
      ADMIN: () => 'ok',
      // Both hold operations permissions that ADMIN lacks.
      BUSINESS_LEADER: MESSAGES.strongerUser,
      OPERATOR: MESSAGES.strongerUser,
    },
    BUSINESS_LEADER: {
      SUPER_ADMIN: MESSAGES.superAdminTarget,
      // ADMIN holds roles.manage, which BUSINESS_LEADER lacks.
      ADMIN: MESSAGES.strongerUser,
      BUSINESS_LEADER: () => 'ok',
      OPERATOR: () => 'ok',
    },
    OPERATOR: { SUPER_ADMIN: () => MESSAGES.noPermission, ADMIN: () => MESSAGES.noPermission, BUSINESS_LEADER: () => MESSAGES.noPermission, OPERATOR: () => MESSAGES.noPermission },
  };

  for (const actor of ROLE_SLUGS) {
    for (const targetRole of ROLE_SLUGS) {
      const edit = ACT[actor][targetRole]('modificar');
      it(`${actor} changing the e-mail and password of a ${targetRole}: ${edit === 'ok' ? 'allowed' : '403'}`, async () => {
        const { id, email, body } = await target(targetRole);
        const newEmail = `tomado-${id}@panel.test`;
        const response = await ctx.inject({
          method: 'PUT',
          url: `/api/v1/users/${id}`,
          headers: bearer(tokens[actor]),
          payload: { ...body, email: newEmail, password: 'OtraClave-987' },
        });
        if (edit === 'ok') {
          expect(response.statusCode, response.body).toBe(200);
          await ctx.signIn(newEmail, 'OtraClave-987');
        } else {
          expectRefusal(response, edit);
          // Nothing changed: the old credentials still open the account, the roles are the same.
          await ctx.signIn(email, ADMIN_PASSWORD);
          expect(await rolesOf(id)).toEqual([targetRole]);
        }
      });

      const deactivate = ACT[actor][targetRole]('modificar');
      it(`${actor} deactivating a ${targetRole}: ${deactivate === 'ok' ? 'allowed' : '403'}`, async () => {
        const { id, email, body } = await target(targetRole);
        const response = await ctx.inject({ method: 'PUT', url: `/api/v1/users/${id}`, headers: bearer(tokens[actor]), payload: { ...body, is_active: false } });
        if (deactivate === 'ok') {
          expect(response.statusCode, response.body).toBe(200);
          expect(response.json().data.is_active).toBe(false);
        } else {
          expectRefusal(response, deactivate);
          await ctx.signIn(email, ADMIN_PASSWORD);
        }
      });

      const remove = ACT[actor][targetRole]('eliminar');
      it(`${actor} deleting a ${targetRole}: ${remove === 'ok' ? 'allowed' : '403'}, as the deletion check said beforehand`, async () => {
        const { id } = await target(targetRole);
        const check = await ctx.inject({ method: 'GET', url: `/api/v1/users/${id}/deletion`, headers: bearer(tokens[actor]) });
        if (remove === MESSAGES.noPermission) {
          expectRefusal(check, remove);
        } else {
          expect(check.statusCode, check.body).toBe(200);
          expect(check.json().data).toEqual(remove === 'ok' ? { deletable: true, reason: null } : { deletable: false, reason: remove });
        }
        const response = await ctx.inject({ method: 'DELETE', url: `/api/v1/users/${id}`, headers: bearer(tokens[actor]) });
        const after = await ctx.inject({ method: 'GET', url: `/api/v1/users/${id}`, headers: superAdmin });
        if (remove === 'ok') {
          expect(response.statusCode, response.body).toBe(200);
          expect(after.statusCode).toBe(404);
        } else {
          expectRefusal(response, remove);
          expect(after.statusCode).toBe(200);
        }
      });
    }
  }
});

describe('assigning a role of each kind: POST /api/v1/users and PUT on oneself', () => {
  const ASSIGN: Record<RoleSlug, Record<RoleSlug, Outcome | 422>> = {
    // Super Admin is never handed out through the users API, whoever asks.
    SUPER_ADMIN: { SUPER_ADMIN: 422, ADMIN: 'ok', BUSINESS_LEADER: 'ok', OPERATOR: 'ok' },
    ADMIN: { SUPER_ADMIN: 422, ADMIN: 'ok', BUSINESS_LEADER: MESSAGES.role('BUSINESS_LEADER'), OPERATOR: MESSAGES.role('OPERATOR') },
    BUSINESS_LEADER: { SUPER_ADMIN: 422, ADMIN: MESSAGES.role('ADMIN'), BUSINESS_LEADER: 'ok', OPERATOR: 'ok' },
    OPERATOR: { SUPER_ADMIN: MESSAGES.noPermission, ADMIN: MESSAGES.noPermission, BUSINESS_LEADER: MESSAGES.noPermission, OPERATOR: MESSAGES.noPermission },
  };

  for (const actor of ROLE_SLUGS) {
    for (const assigned of ROLE_SLUGS) {
      const outcome = ASSIGN[actor][assigned];
      const label = outcome === 'ok' ? 'allowed' : outcome === 422 ? '422' : '403';
      it(`${actor} creating a ${assigned}: ${label}`, async () => {
        counter += 1;
        const email = `nuevo-${counter}@panel.test`;
        const payload = { dni: `NUEVO-${counter}`, name: `Nuevo ${counter}`, email, phone: '300', password: 'ClaveNueva-55', roles: [assigned] };
        const response = await ctx.inject({ method: 'POST', url: '/api/v1/users', headers: bearer(tokens[actor]), payload });
        const created = await ctx.inject({ method: 'GET', url: `/api/v1/users?filter[q]=${email}`, headers: superAdmin });
        if (outcome === 'ok') {
          expect(response.statusCode, response.body).toBe(201);
          expect(response.json().data.roles.map((role: { slug: string }) => role.slug)).toEqual([assigned]);
          return;
        }
        if (outcome === 422) {
          expect(response.statusCode).toBe(422);
          expect(response.json().errors).toEqual({ roles: [MESSAGES.superAdminNotAssignable] });
        } else {
          expectRefusal(response, outcome);
        }
        expect(created.json().data.total).toBe(0);
      });
    }
  }

  it('nobody gives themselves a role whose permissions they lack, and a refused edit changes nothing', async () => {
    for (const [actor, extra] of [
      ['ADMIN', 'BUSINESS_LEADER'],
      ['BUSINESS_LEADER', 'ADMIN'],
    ] as const) {
      const email = `matrix-${actor.toLowerCase().replaceAll('_', '-')}@panel.test`;
      const [self] = (await ctx.inject({ method: 'GET', url: `/api/v1/users?filter[q]=${email}`, headers: superAdmin })).json().data.data;
      const response = await ctx.inject({
        method: 'PUT',
        url: `/api/v1/users/${self.id}`,
        headers: bearer(tokens[actor]),
        payload: { dni: `SELF-${actor}`, name: self.name, email, phone: '300', roles: [actor, extra] },
      });
      expectRefusal(response, MESSAGES.role(extra));
      expect(await rolesOf(self.id)).toEqual([actor]);
      const profile = (await ctx.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(tokens[actor]) })).json().data;
      expect(profile.permissions.sort()).toEqual([...defaults[actor]].sort());
    }
  });
});

describe('changing the permissions of each role: POST /api/v1/roles/:id/sync-permission', () => {
  /** Taking away the role's last permission: acting on the role. */
  const TAKE: Record<RoleSlug, Record<RoleSlug, Outcome | 409>> = {
    SUPER_ADMIN: { SUPER_ADMIN: 409, ADMIN: 'ok', BUSINESS_LEADER: 'ok', OPERATOR: 'ok' },
    ADMIN: { SUPER_ADMIN: 409, ADMIN: 'ok', BUSINESS_LEADER: MESSAGES.strongerRole('BUSINESS_LEADER'), OPERATOR: MESSAGES.strongerRole('OPERATOR') },
    BUSINESS_LEADER: { SUPER_ADMIN: MESSAGES.noPermission, ADMIN: MESSAGES.noPermission, BUSINESS_LEADER: MESSAGES.noPermission, OPERATOR: MESSAGES.noPermission },
    OPERATOR: { SUPER_ADMIN: MESSAGES.noPermission, ADMIN: MESSAGES.noPermission, BUSINESS_LEADER: MESSAGES.noPermission, OPERATOR: MESSAGES.noPermission },
  };
  /** Adding dsps.manage, which only SUPER_ADMIN holds (a role beyond the actor is refused as such first). */
  const GRANT: Record<RoleSlug, Record<RoleSlug, Outcome | 409>> = {
    SUPER_ADMIN: { SUPER_ADMIN: 409, ADMIN: 'ok', BUSINESS_LEADER: 'ok', OPERATOR: 'ok' },
    ADMIN: { SUPER_ADMIN: 409, ADMIN: MESSAGES.grant(['dsps.manage']), BUSINESS_LEADER: TAKE.ADMIN.BUSINESS_LEADER, OPERATOR: TAKE.ADMIN.OPERATOR },
    BUSINESS_LEADER: TAKE.BUSINESS_LEADER,
    OPERATOR: TAKE.OPERATOR,
  };

  const cases = [
    ['taking a permission from', TAKE, (current: string[]) => current.slice(0, -1)],
    ['granting dsps.manage to', GRANT, (current: string[]) => [...current, 'dsps.manage']],
  ] as const;

  for (const [verb, table, change] of cases) {
    for (const actor of ROLE_SLUGS) {
      for (const role of ROLE_SLUGS) {
        const outcome = table[actor][role];
        it(`${actor} ${verb} ${role}: ${outcome === 'ok' ? 'allowed' : outcome === 409 ? '409' : '403'}`, async () => {
          const before = await rolePermissions(role);
          const next = change(before);
          const response = await sync(role, next, bearer(tokens[actor]));
          if (outcome === 'ok') {
            expect(response.statusCode, response.body).toBe(200);
            expect((await rolePermissions(role)).sort()).toEqual([...next].sort());
            // Put back, so the next case starts from the same roles.
            expect((await sync(role, before)).statusCode).toBe(200);
            return;
          }
          if (outcome === 409) {
            expect(response.statusCode).toBe(409);
            expect(response.json().message).toBe(MESSAGES.superAdminRoleLocked);
          } else {
            expectRefusal(response, outcome);
          }
          expect(await rolePermissions(role)).toEqual(before);
        });
      }
    }
  }

  it('names every permission the caller lacks, and checks them before anything else is changed', async () => {
    const before = await rolePermissions('ADMIN');
    const response = await sync('ADMIN', [...before, 'operations.view', 'dsps.manage', 'countries.manage'], bearer(tokens.ADMIN));
    expectRefusal(response, MESSAGES.grant(['operations.view', 'dsps.manage', 'countries.manage']));
    expect(await rolePermissions('ADMIN')).toEqual(before);
  });
});

describe('the reported takeover', () => {
  it('a non-super-admin with users.manage cannot take over a super admin, nor make themselves one', async () => {
    const attacker = bearer(tokens.ADMIN);
    const found = (await ctx.inject({ method: 'GET', url: `/api/v1/users?filter[q]=${ADMIN_EMAIL}`, headers: superAdmin })).json().data.data;
    const victim = found.find((user: { email: string }) => user.email === ADMIN_EMAIL);

    // Change the super admin's e-mail and password, to sign in as them.
    const takeover = await ctx.inject({
      method: 'PUT',
      url: `/api/v1/users/${victim.id}`,
      headers: attacker,
      payload: { dni: 'X', name: victim.name, email: 'atacante@panel.test', phone: '1', roles: ['SUPER_ADMIN'], password: 'ClaveDelAtacante-1' },
    });
    expectRefusal(takeover, MESSAGES.superAdminTarget('modificar'));
    const asAttacker = await ctx.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'atacante@panel.test', password: 'ClaveDelAtacante-1' } });
    expect(asAttacker.statusCode).toBe(401);
    await ctx.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(ctx.mails.some((mail) => mail.to === 'atacante@panel.test')).toBe(false);

    // Nor deactivate or delete them.
    expectRefusal(
      await ctx.inject({ method: 'PUT', url: `/api/v1/users/${victim.id}`, headers: attacker, payload: { dni: 'X', name: victim.name, email: ADMIN_EMAIL, phone: '1', roles: ['SUPER_ADMIN'], is_active: false } }),
      MESSAGES.superAdminTarget('modificar'),
    );
    expectRefusal(await ctx.inject({ method: 'DELETE', url: `/api/v1/users/${victim.id}`, headers: attacker }), MESSAGES.superAdminTarget('eliminar'));

    // Nor reach everything through their own role.
    expectRefusal(await sync('ADMIN', [...defaults.ADMIN, 'dsps.manage'], attacker), MESSAGES.grant(['dsps.manage']));
    const profile = (await ctx.inject({ method: 'GET', url: '/api/auth/me', headers: attacker })).json().data;
    expect(profile.permissions).not.toContain('dsps.manage');
    expect(profile.roles).toEqual(['ADMIN']);
  });
});
