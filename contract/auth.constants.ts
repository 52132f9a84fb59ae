// No zod here: the sign-in pages (the /login chunk) read these without loading the schemas.

/** Digits of a one-time code (sign-in and recovery). */
export const OTP_LENGTH = 6;
export const MIN_PASSWORD_LENGTH = 8;

/**
 * The refusal of a sign-in (or a resend) within the minute after a code was mailed: the panel
 * recognises it to offer the way on to the code it already sent.
 */
export const CODE_ALREADY_SENT_MESSAGE = 'Ya enviamos un código hace menos de un minuto. Revisa tu correo o espera para pedir otro.';

/** How a staff member proves it is them after the password: a mailed code, or an authenticator app. */
export const SECOND_FACTOR_METHODS = ['email', 'app'] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];

/** What the sign-in says to someone whose second factor is an authenticator app. */
export const APP_CODE_PROMPT = 'Escribe el código de tu aplicación de autenticación';

/** Each method as staff read it (the history, the users admin). */
export const SECOND_FACTOR_LABELS: Record<SecondFactorMethod, string> = {
  email: 'Código por correo',
  app: 'Aplicación de autenticación',
};
