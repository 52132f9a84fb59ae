// No zod here: the sign-in pages (the /login chunk) read these without loading the schemas.

/** Digits of a one-time code (sign-in and recovery). */
export const OTP_LENGTH = 6;
export const MIN_PASSWORD_LENGTH = 8;
