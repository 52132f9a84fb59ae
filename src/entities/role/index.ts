export {
  PERMISSIONS_FALLBACK,
  ROLES_FALLBACK,
  SYNC_PERMISSIONS_FALLBACK,
  fetchPermissions,
  fetchRole,
  fetchRoles,
  syncRolePermissions,
} from './api/role.api';
export { roleQueries } from './api/role.queries';
export type { PermissionInfo, Role, RoleSlug, RoleWithPermissions } from './model/types';
