import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from './auth';

/**
 * 'Mi cuenta': what every signed-in person may do on their own account, whatever their role.
 *   GET    /api/auth/sessions                → accountSession[] (newest use first; `current` marks the caller's)
 *   DELETE /api/auth/sessions/{id}           → closes one of the caller's own sessions (another person's is a 404)
 *   POST   /api/auth/sessions/close-others   → closes every session of the caller but the current one → {closed}
 *   POST   /api/auth/change-password         → changePasswordBody; ends every other session and mails the owner
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
