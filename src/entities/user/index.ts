export {
  checkUserDeletion,
  createUser,
  deleteUser,
  fetchUser,
  fetchUserOptions,
  fetchUsers,
  updateUser,
  USER_FALLBACKS,
} from './api/user.api';
export { userQueries } from './api/user.queries';
export type { User, UserPayload } from './model/types';
export { UserRoleBadges } from './ui/user-role-badges';
export { UserStatusBadge } from './ui/user-status-badge';
