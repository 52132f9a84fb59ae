// No zod here: the panel's list pages and the component tests' mock server read these without
// loading the schemas.

/** The sorts and sparse fields the users list accepts. */
export const USER_SORTS = ['name', 'email', 'created_at'] as const;
export const USER_FIELDS = ['id', 'dni', 'name', 'email', 'phone', 'is_active', 'country_id', 'country', 'rol', 'roles', 'second_factor', 'created_at', 'version'] as const;
/** Newest first. */
export const USER_DEFAULT_SORT = '-created_at';
/** Users per page unless `limit` says otherwise. */
export const USER_PAGE_SIZE = 15;

export const USER_NOT_FOUND = 'El usuario no existe.';

/** The `message` of each successful write. */
export const USER_ANSWERS = {
  created: 'Usuario creado.',
  updated: 'Usuario actualizado.',
  deleted: 'Usuario eliminado.',
} as const;
