import { api } from '@/shared/api';

export const RESEND_FALLBACK = 'No se pudo reenviar el código';

/**
 * Asks for a new sign-in code for `email`. The server mails one only while that account has a
 * sign-in code waiting (so only after the right password), answers alike for every address, and
 * allows one request a minute per address (429 otherwise).
 */
export async function resendSignInCode(email: string): Promise<void> {
  await api.post<null>('auth/resend-2fa', { json: { email }, fallback: RESEND_FALLBACK });
}
