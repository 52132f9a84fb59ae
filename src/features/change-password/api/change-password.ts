import type { ChangePasswordBody } from '@contract/account';
import { api } from '@/shared/api';

export const CHANGE_PASSWORD_FALLBACK = 'No se pudo cambiar la contraseña';

/** Sets a new password, given the current one; the server ends every other session of the person. */
export const changePassword = async (body: ChangePasswordBody): Promise<void> => {
  await api.post<null>('auth/change-password', { json: body, fallback: CHANGE_PASSWORD_FALLBACK });
};
