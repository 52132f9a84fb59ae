import { recoveryVerifyResult, type RecoveryVerifyResult } from '@contract/auth';
import { ApiError, api } from '@/shared/api';

export const UNEXPECTED_RESPONSE = 'Unexpected response from server.';

export interface ResetPasswordBody {
  email: string;
  reset_token: string;
  password: string;
  password_confirmation: string;
}

/** E-mails a 6-digit code to the address, if an account has it (the answer never says). */
export const sendRecoveryCode = async (email: string): Promise<void> => {
  await api.post<null>('auth/recovery/send-code', { json: { email }, fallback: 'No se pudo enviar el código' });
};

/** Sends a new code; the server refuses within a minute of the last one. */
export const resendRecoveryCode = async (email: string): Promise<void> => {
  await api.post<null>('auth/recovery/resend-code', { json: { email }, fallback: 'No se pudo reenviar el código' });
};

/** Trades a valid code for a short-lived permission to set a new password. */
export const verifyRecoveryCode = async (body: { email: string; code: string }): Promise<RecoveryVerifyResult> => {
  const data = await api.post<unknown>('auth/recovery/verify-code', { json: body, fallback: 'No se pudo verificar el código' });
  const result = recoveryVerifyResult.safeParse(data);
  if (!result.success) throw new ApiError(UNEXPECTED_RESPONSE, 200);
  return result.data;
};

export const resetPassword = async (body: ResetPasswordBody): Promise<void> => {
  await api.post<null>('auth/recovery/reset-password', { json: body, fallback: 'No se pudo actualizar la contraseña' });
};
