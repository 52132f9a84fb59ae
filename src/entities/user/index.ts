export {
  checkUserDeletion,
  createUser,
  deleteUser,
  resetUserSecondFactor,
  fetchUser,
  fetchUserOptions,
  fetchUsers,
  updateUser,
  USER_FALLBACKS,
  userDeletion,
  userQueries,
  type User,
  type UserPayload,
} from './api/user.api';
export { UserRoleBadges, type RoleRef } from './ui/user-role-badges';
export { UserStatusBadge } from './ui/user-status-badge';
