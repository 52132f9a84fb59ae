import { DEFAULT_ROLE_PERMISSIONS, PERMISSIONS } from '@contract/permissions';
import { ROLE_NAMES, ROLE_SLUGS, permissionInfo, roleWithPermissions } from '@contract/role';
import { http } from 'msw';
import { z } from 'zod';
import { answer, apiUrl, fail, invalid } from '../envelope';
import { listAnswer } from '../paginate';

export interface RoleRecord {
  id: number;
  name: string;
  slug: string;
  permissions: string[];
}

const initialRoles = (): RoleRecord[] =>
  ROLE_SLUGS.map((slug, index) => ({ id: index + 1, name: ROLE_NAMES[slug], slug, permissions: [...DEFAULT_ROLE_PERMISSIONS[slug]] }));

/** The roles the handlers answer with; `reset()` it in a test's beforeEach. */
export const rolesDb = {
  roles: initialRoles(),
  reset() {
    rolesDb.roles = initialRoles();
  },
  bySlug: (slug: string) => rolesDb.roles.find((role) => role.slug === slug)!,
};

export const permissionCatalogue = Object.entries(PERMISSIONS).map(([name, { area, label }]) => ({ name, area, label }));

export const roleHandlers = [
  http.get(apiUrl('v1/roles'), ({ request }) => listAnswer(roleWithPermissions, rolesDb.roles, new URL(request.url))),
  http.get(apiUrl('v1/roles/:id'), ({ params }) => {
    const role = rolesDb.roles.find((candidate) => candidate.id === Number(params.id));
    return role ? answer(roleWithPermissions, role) : fail(404, 'El rol no existe.');
  }),
  http.post(apiUrl('v1/roles/:id/sync-permission'), async ({ params, request }) => {
    const role = rolesDb.roles.find((candidate) => candidate.id === Number(params.id));
    if (!role) return fail(404, 'El rol no existe.');
    if (role.slug === 'SUPER_ADMIN') return fail(409, 'Los permisos de Super Admin no se pueden modificar.');
    const { permissions } = (await request.json()) as { permissions: string[] };
    const unknown = permissions.filter((name) => !(name in PERMISSIONS));
    if (unknown.length > 0) {
      return invalid({ permissions: [`Permisos desconocidos: ${unknown.join(', ')}.`] });
    }
    role.permissions = permissionCatalogue.map((permission) => permission.name).filter((name) => permissions.includes(name));
    return answer(roleWithPermissions, role, 'Permisos actualizados.');
  }),
  http.get(apiUrl('v1/permissions'), () => answer(z.array(permissionInfo), permissionCatalogue)),
];
