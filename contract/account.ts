import { z } from 'zod';
import { MIN_PASSWORD_LENGTH, SECOND_FACTOR_METHODS, otpCode } from './auth';

/**
 * 'Mi cuenta': what every signed-in person may do on their own account, whatever their role.
 *   GET    /api/auth/sessions                → accountSession[] (newest use first; `current` marks the caller's)
 *   DELETE /api/auth/sessions/{id}           → closes one of the caller's own sessions (another person's is a 404)
 *   POST   /api/auth/sessions/close-others   → closes every session of the caller but the current one → {closed}
 *   POST   /api/auth/change-password         → changePasswordBody; ends every other session and mails the owner
 *   GET    /api/auth/second-factor           → secondFactorStatus
 *   POST   /api/auth/second-factor/app       → totpEnrolment (a new key, waiting for its first code)
 *   POST   /api/auth/second-factor/app/confirm → totpConfirmBody → totpRecoveryCodes (shown this once)
 *   POST   /api/auth/second-factor/app/disable → totpDisableBody (password and a current code)
 */

export const ACCOUNT_MESSAGES = {
  currentPasswordRequired: 'Escribe tu contraseña actual.',
  currentPasswordWrong: 'La contraseña actual no es correcta.',
  passwordRequired: 'La nueva contraseña es requerida.',
  passwordTooShort: `La nueva contraseña debe tener al menos ${MIN_PASSWORD_LENGTH} caracteres.`,
  passwordSameAsCurrent: 'La nueva contraseña debe ser distinta de la actual.',
  confirmationRequired: 'Confirma la nueva contraseña.',
  confirmationMismatch: 'Las contraseñas no coinciden.',
  passwordChanged: 'Tu contraseña ha sido actualizada. Cerramos tus demás sesiones.',
  sessionClosed: 'Sesión cerrada.',
  sessionNotFound: 'La sesión no existe o ya fue cerrada.',
  othersClosed: 'Cerramos tus demás sesiones.',
} as const;

/** The authenticator app's answers and refusals ('Mi cuenta' and the users admin). */
export const TOTP_MESSAGES = {
  enrolmentStarted: 'Escanea el código QR con tu aplicación y escribe el primer código que muestre.',
  enabled: 'Activamos la aplicación de autenticación. Guarda tus códigos de recuperación.',
  disabled: 'Desactivamos la aplicación de autenticación. Volverás a recibir el código por correo.',
  alreadyEnabled: 'La aplicación de autenticación ya está activada.',
  noEnrolment: 'Primero genera la clave de la aplicación de autenticación.',
  notEnabled: 'La aplicación de autenticación no está activada.',
  codeWrong: 'El código no es correcto. Revisa la hora de tu teléfono y escribe el código que se ve ahora.',
  codeUsed: 'Ese código ya se usó. Espera el siguiente código de la aplicación.',
  passwordRequired: 'Escribe tu contraseña.',
  passwordWrong: 'La contraseña no es correcta.',
  reset: 'Restablecimos el segundo factor. Recibirá el código por correo al iniciar sesión.',
  resetNotSuperAdmin: 'Solo un Super Admin puede restablecer el segundo factor de otra persona.',
  resetSelf: 'Tu propia aplicación de autenticación se desactiva desde Mi cuenta.',
  resetNothing: 'Este usuario no tiene una aplicación de autenticación.',
} as const;

/** The caller's second factor: the mailed code, or an app (since when, and how many recovery codes are left). */
export const secondFactorStatus = z.object({
  method: z.enum(SECOND_FACTOR_METHODS),
  enabled_at: z.string().nullable(),
  recovery_codes_left: z.number().int(),
});
export type SecondFactorStatus = z.infer<typeof secondFactorStatus>;

/** A new key for the app, shown once: as a QR code (an SVG data URL of `otpauth_uri`) and as text. */
export const totpEnrolment = z.object({
  /** The key in base32, for typing it in by hand. */
  secret: z.string(),
  otpauth_uri: z.string(),
  /** `data:image/svg+xml;base64,…`: the QR code of `otpauth_uri`. */
  qr_code: z.string(),
});
export type TotpEnrolment = z.infer<typeof totpEnrolment>;

export const totpConfirmBody = z.object({ code: otpCode });
export type TotpConfirmBody = z.input<typeof totpConfirmBody>;

/** Ten one-time recovery codes, shown once: the server keeps only their hashes. */
export const totpRecoveryCodes = z.object({ recovery_codes: z.array(z.string()) });
export type TotpRecoveryCodes = z.infer<typeof totpRecoveryCodes>;

export const totpDisableBody = z.object({
  password: z.string({ error: TOTP_MESSAGES.passwordRequired }).min(1, TOTP_MESSAGES.passwordRequired).max(1024),
  code: otpCode,
});
export type TotpDisableBody = z.input<typeof totpDisableBody>;

/** One open session of the signed-in person. */
export const accountSession = z.object({
  id: z.number().int(),
  /** Browser and system from the user agent, e.g. 'Chrome 126 en Windows'; 'Dispositivo desconocido' when absent. */
  device: z.string(),
  /** The client address the session was opened from. */
  address: z.string().nullable(),
  created_at: z.string(),
  /** Updated at most once a minute. */
  last_used_at: z.string().nullable(),
  expires_at: z.string(),
  /** The session this request was made with. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSession>;

export const closeOthersResult = z.object({ closed: z.number().int() });
export type CloseOthersResult = z.infer<typeof closeOthersResult>;

export const changePasswordBody = z
  .object({
    current_password: z
      .string({ error: ACCOUNT_MESSAGES.currentPasswordRequired })
      .min(1, ACCOUNT_MESSAGES.currentPasswordRequired)
      .max(1024),
    password: z
      .string({ error: ACCOUNT_MESSAGES.passwordRequired })
      .min(1, { error: ACCOUNT_MESSAGES.passwordRequired, abort: true })
      .min(MIN_PASSWORD_LENGTH, ACCOUNT_MESSAGES.passwordTooShort)
      .max(1024, 'La contraseña es demasiado larga.'),
    password_confirmation: z.string({ error: ACCOUNT_MESSAGES.confirmationRequired }).min(1, ACCOUNT_MESSAGES.confirmationRequired),
  })
  .refine((body) => body.password === body.password_confirmation, {
    path: ['password_confirmation'],
    message: ACCOUNT_MESSAGES.confirmationMismatch,
  });
export type ChangePasswordBody = z.input<typeof changePasswordBody>;
