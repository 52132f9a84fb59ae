import type { VerifyOtpResult, VerifyRecoveryCodeBody } from '@contract/auth';
import { api } from '@/shared/api';
import { VERIFY_OTP_FALLBACK, signedIn } from './verify-otp';

/**
 * Signs in with one of the authenticator app's recovery codes instead of its code; each is
 * accepted once. The app's own code goes through `verifyOtp`, as a mailed one does.
 */
export async function verifyRecoveryCode({ email, recovery_code }: VerifyRecoveryCodeBody): Promise<VerifyOtpResult> {
  return signedIn(await api.post<unknown>('auth/verify-2fa/recovery-code', { json: { email, recovery_code }, fallback: VERIFY_OTP_FALLBACK }));
}
