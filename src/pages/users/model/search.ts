import { USER_DEFAULT_SORT, USER_PAGE_SIZE } from '@contract/user.constants';
import type { ListParams } from '@/shared/api';
import { searchEnum, searchNumber, searchSchema, searchText, type SearchOf } from '@/shared/lib';

export const USER_STATUSES = ['active', 'inactive'] as const;
export type UserStatusFilter = (typeof USER_STATUSES)[number];

/**
 * /users?q=ana&role=ADMIN&status=inactive&page=2 (and tab=roles, and columns=user,roles: the
 * table's columns in order). A value that does not fit falls
 * back to "not set"; `role` is a role slug, and one that no role has simply finds nobody.
 */
export const usersSearchSchema = searchSchema({
  q: searchText,
  role: searchText,
  status: searchEnum(USER_STATUSES),
  page: searchNumber,
  tab: searchEnum(['roles']),
  view: searchNumber,
  columns: searchText,
});

export type UsersSearch = SearchOf<typeof usersSearchSchema>;

/** The users list call for this search: 15 a page, newest first. */
export const usersListParams = ({ q, role, status, page }: UsersSearch): ListParams => ({
  filter: { q, role, is_active: status === undefined ? undefined : status === 'active' ? 1 : 0 },
  sort: USER_DEFAULT_SORT,
  limit: USER_PAGE_SIZE,
  page: page ?? 1,
});
