import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from './auth.constants';
import { email } from './common';

export { MIN_PASSWORD_LENGTH, OTP_LENGTH } from './auth.constants';

/** What the server's password policy refuses beyond the length (it holds the dictionary; the panel shows these). */
export const PASSWORD_POLICY_MESSAGES = {
  common: 'Esa contraseña es demasiado común. Elige una que no figure en las listas de contraseñas habituales.',
  sameAsEmail: 'La contraseña no puede ser igual al email.',
  sameAsDni: 'La contraseña no puede ser igual al DNI.',
} as const;

const otpCode = z
  .string({ error: 'El código debe tener 6 dígitos.' })
  .trim()
  .regex(/^\d{6}$/, 'El código debe tener 6 dígitos.');

export const loginBody = z.object({
  email: email('El email es requerido'),
  password: z.string({ error: 'La contraseña es requerida' }).min(1, 'La contraseña es requerida').max(1024),
});
export type LoginBody = z.input<typeof loginBody>;

export const verifyOtpBody = z.object({
  email: email('El email es requerido'),
  code: otpCode,
});
export type VerifyOtpBody = z.input<typeof verifyOtpBody>;

/** A new sign-in code for the address on the code page; the password is not sent again. */
export const resendOtpBody = z.object({ email: email('El email es requerido') });
export type ResendOtpBody = z.input<typeof resendOtpBody>;

export const recoveryRequestBody = z.object({ email: email('El email es requerido') });
export const recoveryVerifyBody = verifyOtpBody;
export const recoveryResetBody = z
  .object({
    email: email('El email es requerido'),
    reset_token: z.string({ error: 'Falta el permiso de cambio de contraseña.' }).min(1, 'Falta el permiso de cambio de contraseña.'),
    password: z
      .string({ error: 'La nueva contraseña es requerida.' })
      .min(MIN_PASSWORD_LENGTH, 'La nueva contraseña debe tener al menos 8 caracteres.')
      .max(1024),
    password_confirmation: z.string({ error: 'Confirma la nueva contraseña.' }),
  })
  .refine((body) => body.password === body.password_confirmation, {
    path: ['password_confirmation'],
    message: 'Las contraseñas no coinciden.',
  });

/** The signed-in person as every profile answer describes them. */
export const sessionUser = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  /** Role names, for display (the spec's `rol`). */
  rol: z.array(z.string()),
  /** Role slugs (SUPER_ADMIN, ...), for the menu. */
  roles: z.array(z.string()),
  /** Permission names the server grants; the panel hides what it would refuse. */
  permissions: z.array(z.string()),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const verifyOtpResult = sessionUser.extend({
  token: z.string(),
  expires_at: z.string(),
});
export type VerifyOtpResult = z.infer<typeof verifyOtpResult>;

export const recoveryVerifyResult = z.object({ reset_token: z.string(), expires_at: z.string() });
export type RecoveryVerifyResult = z.infer<typeof recoveryVerifyResult>;
