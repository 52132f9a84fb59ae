import { DEFAULT_ROLE_PERMISSIONS, PERMISSIONS } from '@contract/permissions';
import { ROLE_DEFAULT_SORT, ROLE_FIELDS, ROLE_NAMES, ROLE_SLUGS, ROLE_SORTS, permissionInfo, roleWithPermissions, syncPermissionsBody } from '@contract/role';
import { DEFAULT_LIST_LIMIT } from '@contract/list.constants';
import { http } from 'msw';
import { z } from 'zod';
import { jsonBody, parseBody } from '../body';
import { answer, apiUrl, fail } from '../envelope';
import { arrayRows, resourceHandlers, type ListSpec, type MockModule } from '../resource';

export interface RoleRecord {
  id: number;
  name: string;
  slug: string;
  version: number;
  permissions: string[];
}

const initialRoles = (): RoleRecord[] =>
  ROLE_SLUGS.map((slug, index) => ({ id: index + 1, name: ROLE_NAMES[slug], slug, version: 1, permissions: [...DEFAULT_ROLE_PERMISSIONS[slug]] }));

/** The roles the handlers answer with; `reset()` it in a test's beforeEach. */
export const rolesDb = {
  roles: initialRoles(),
  reset() {
    rolesDb.roles = initialRoles();
  },
  bySlug: (slug: string) => rolesDb.roles.find((role) => role.slug === slug)!,
};

export const permissionCatalogue = Object.entries(PERMISSIONS).map(([name, { area, label }]) => ({ name, area, label }));

const spec: ListSpec<RoleRecord> = {
  item: roleWithPermissions,
  sorts: ROLE_SORTS,
  defaultSort: ROLE_DEFAULT_SORT,
  pageSize: DEFAULT_LIST_LIMIT,
  fields: ROLE_FIELDS,
  search: (row) => [row.name, row.slug],
};

const ROLE_NOT_FOUND = 'El rol no existe.';

/** The roles API over `rolesDb`: the list, a role's detail and the sync of its permissions. */
export const mock: MockModule = {
  stores: [rolesDb],
  handlers: [
    ...resourceHandlers({ path: 'v1/roles', spec, rows: arrayRows(rolesDb, 'roles'), notFound: ROLE_NOT_FOUND }),
    http.post(apiUrl('v1/roles/:id/sync-permission'), async ({ params, request }) => {
      const role = rolesDb.roles.find((candidate) => candidate.id === Number(params.id));
      if (!role) return fail(404, ROLE_NOT_FOUND);
      const input = parseBody(syncPermissionsBody, await jsonBody(request));
      if (input instanceof Response) return input;
      const { permissions } = input;
      role.permissions = permissionCatalogue.map((permission) => permission.name).filter((name) => permissions.includes(name));
      return answer(roleWithPermissions, role, 'Permisos actualizados.');
    }),
    http.get(apiUrl('v1/permissions'), () => answer(z.array(permissionInfo), permissionCatalogue)),
  ],
};
