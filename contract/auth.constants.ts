// No zod here: the sign-in pages (the /login chunk) read these without loading the schemas.

/** Digits of a one-time code (sign-in and recovery). */
export const OTP_LENGTH = 6;
export const MIN_PASSWORD_LENGTH = 8;

/**
 * The refusal of a sign-in (or a resend) within the minute after a code was mailed: the panel
 * recognises it to offer the way on to the code it already sent.
 */
export const CODE_ALREADY_SENT_MESSAGE = 'Ya enviamos un código hace menos de un minuto. Revisa tu correo o espera para pedir otro.';
