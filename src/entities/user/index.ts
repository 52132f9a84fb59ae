export { USER_FALLBACKS, createUser, deleteUser, fetchUser, fetchUserOptions, fetchUsers, updateUser } from './api/user.api';
export { userQueries } from './api/user.queries';
export type { User, UserPayload } from './model/types';
export { UserRoleBadges } from './ui/user-role-badges';
export { UserStatusBadge } from './ui/user-status-badge';
