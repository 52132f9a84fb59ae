export {
  PERMISSIONS_FALLBACK,
  ROLES_FALLBACK,
  SYNC_PERMISSIONS_FALLBACK,
  fetchPermissions,
  fetchRole,
  fetchRoles,
  syncRolePermissions,
  roleQueries,
  type PermissionInfo,
  type Role,
  type RoleSlug,
  type RoleWithPermissions,
} from './api/role.api';
