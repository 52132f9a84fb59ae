import type { LoginBody } from '@contract/auth';
import type { SecondFactorMethod } from '@contract/auth.constants';
import { ApiError, api } from '@/shared/api';

export const SIGN_IN_FALLBACK = 'Unable to sign in';
export const UNEXPECTED_RESPONSE = 'Unexpected response from server';

/**
 * Checks the credentials; when they are right the server e-mails a one-time code, or, for someone
 * with an authenticator app, answers that the app's code is wanted (and mails nothing).
 * Sent as multipart, as the spec's login call does.
 */
export async function signIn({ email, password }: LoginBody): Promise<SecondFactorMethod> {
  const body = new FormData();
  body.append('email', email.trim());
  body.append('password', password);
  try {
    const data = await api.post<{ second_factor?: SecondFactorMethod } | null>('auth/login', { body, fallback: SIGN_IN_FALLBACK });
    return data?.second_factor === 'app' ? 'app' : 'email';
  } catch (error) {
    // An HTTP success whose envelope is not a success (or not an envelope at all) is not a refusal
    // of the credentials: the answer is simply not what the panel understands.
    if (error instanceof ApiError && error.status >= 200 && error.status < 300) {
      throw new ApiError(UNEXPECTED_RESPONSE, error.status);
    }
    throw error;
  }
}
