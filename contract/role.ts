import { z } from 'zod';
import { fieldKeys, recordVersion } from './common';

export { ROLE_NAMES, ROLE_SLUGS, SUPER_ADMIN_ROLE, type RoleSlug } from './role.constants';

export const role = z.object({ id: z.number().int(), name: z.string(), slug: z.string(), version: recordVersion });
export type Role = z.infer<typeof role>;

/** A role with the names of the permissions it grants. */
export const roleWithPermissions = role.extend({ permissions: z.array(z.string()) });
export type RoleWithPermissions = z.infer<typeof roleWithPermissions>;

/**
 * Role slugs as a write sends them: a JSON array, `roles[0]=…` / `roles[]=…` in a form, or one
 * slug on its own (an empty value is none); deduplicated, at most 20. With `required`, at least one.
 */
export const roleSlugList = (messages: { invalid: string; tooMany: string; required?: string }) => {
  const slugs = z.array(z.string({ error: messages.invalid }).trim().min(1, messages.invalid), { error: messages.required ?? messages.invalid });
  return z.preprocess(
    (value) => (typeof value === 'string' ? (value.trim() === '' ? [] : [value]) : value),
    (messages.required ? slugs.min(1, messages.required) : slugs).max(20, messages.tooMany).transform((list) => [...new Set(list)]),
  );
};

/** What the roles list accepts. By default the order they were created in: Super Admin first. */
export const ROLE_SORTS = ['id', 'name', 'slug'] as const;
export const ROLE_FIELDS = ['id', 'name', 'slug', 'version', 'permissions'] as const;
export const ROLE_DEFAULT_SORT = 'id';

/** One entry of the permission catalogue, as GET /api/v1/permissions lists it. */
export const permissionInfo = z.object({ name: z.string(), area: z.string(), label: z.string() });
export type PermissionInfo = z.infer<typeof permissionInfo>;

/**
 * POST /api/v1/roles/{id}/sync-permission: the role's whole set of permissions (names from the
 * catalogue). A form sends `permissions[]=…`; one name on its own counts as a list of one, an
 * empty value as none.
 */
export const syncPermissionsBody = z.object({
  permissions: z.preprocess(
    (value) => (typeof value === 'string' ? (value.trim() === '' ? [] : [value]) : value),
    z
      .array(z.string({ error: 'Cada permiso debe ser un texto.' }).trim().min(1, 'Cada permiso debe ser un texto.'), {
        error: 'Envía la lista de permisos (permissions).',
      })
      .max(200, 'Demasiados permisos.')
      .transform((names) => [...new Set(names)]),
  ),
});
export type SyncPermissionsBody = z.input<typeof syncPermissionsBody>;

/** ROLE_FIELDS names exactly the item's fields. */
fieldKeys(roleWithPermissions, ROLE_FIELDS);
