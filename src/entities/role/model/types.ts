import type { PermissionInfo, Role, RoleSlug, RoleWithPermissions } from '@contract/role';

export type { PermissionInfo, Role, RoleSlug, RoleWithPermissions };
