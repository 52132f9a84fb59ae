import { verifyOtpResult, type VerifyOtpBody, type VerifyOtpResult } from '@contract/auth';
import { ApiError, api } from '@/shared/api';

export const VERIFY_OTP_FALLBACK = 'No se pudo verificar el código';
export const UNEXPECTED_RESPONSE = 'Unexpected response from server.';

/** Exchanges the e-mailed one-time code for a session token and the person's profile. */
export async function verifyOtp({ email, code }: VerifyOtpBody): Promise<VerifyOtpResult> {
  const body = new URLSearchParams({ email, code });
  return signedIn(await api.post<unknown>('auth/verify-2fa', { body, fallback: VERIFY_OTP_FALLBACK }));
}

/** The session and profile an accepted code answers; anything else is an unexpected answer. */
export function signedIn(data: unknown): VerifyOtpResult {
  const result = verifyOtpResult.safeParse(data);
  if (!result.success) throw new ApiError(UNEXPECTED_RESPONSE, 200);
  return result.data;
}
