import { api } from '@/shared/api';

export const RESEND_FALLBACK = 'No se pudo reenviar el código';

/**
 * Asks for a new sign-in code. The server mails one only after checking the password (it has no
 * separate resend call), so this signs in again with the credentials held since the first step;
 * the server allows one code a minute per account (429 otherwise).
 */
export async function resendSignInCode({ email, password }: { email: string; password: string }): Promise<void> {
  const body = new FormData();
  body.append('email', email);
  body.append('password', password);
  await api.post<null>('auth/login', { body, fallback: RESEND_FALLBACK });
}
