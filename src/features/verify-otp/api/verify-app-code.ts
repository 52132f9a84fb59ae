import { verifyOtpResult, type VerifyOtpResult, type VerifyRecoveryCodeBody } from '@contract/auth';
import { ApiError, api } from '@/shared/api';
import { UNEXPECTED_RESPONSE, VERIFY_OTP_FALLBACK } from './verify-otp';

/**
 * Signs in with one of the authenticator app's recovery codes instead of its code; each is
 * accepted once. The app's own code goes through `verifyOtp`, as a mailed one does.
 */
export async function verifyRecoveryCode({ email, recovery_code }: VerifyRecoveryCodeBody): Promise<VerifyOtpResult> {
  const data = await api.post<unknown>('auth/verify-2fa/recovery-code', { json: { email, recovery_code }, fallback: VERIFY_OTP_FALLBACK });
  const result = verifyOtpResult.safeParse(data);
  if (!result.success) throw new ApiError(UNEXPECTED_RESPONSE, 200);
  return result.data;
}
