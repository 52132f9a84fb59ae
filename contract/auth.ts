import { z } from 'zod';
import { MIN_PASSWORD_LENGTH, SECOND_FACTOR_METHODS } from './auth.constants';
import { email } from './common';

export { APP_CODE_PROMPT, MIN_PASSWORD_LENGTH, OTP_LENGTH, SECOND_FACTOR_LABELS, SECOND_FACTOR_METHODS, type SecondFactorMethod } from './auth.constants';

/** What the server's password policy refuses beyond the length (it holds the dictionary; the panel shows these). */
export const PASSWORD_POLICY_MESSAGES = {
  common: 'Esa contraseña es demasiado común. Elige una que no figure en las listas de contraseñas habituales.',
  sameAsEmail: 'La contraseña no puede ser igual al email.',
  sameAsDni: 'La contraseña no puede ser igual al DNI.',
} as const;

/** A six-digit code: mailed, or shown by an authenticator app. */
export const otpCode = z
  .string({ error: 'El código debe tener 6 dígitos.' })
  .trim()
  .regex(/^\d{6}$/, 'El código debe tener 6 dígitos.');

export const loginBody = z.object({
  email: email('El email es requerido'),
  password: z.string({ error: 'La contraseña es requerida' }).min(1, 'La contraseña es requerida').max(1024),
});
export type LoginBody = z.input<typeof loginBody>;

/** What the right password answers: which second factor the /otp screen asks for (no mail is sent for 'app'). */
export const loginResult = z.object({ second_factor: z.enum(SECOND_FACTOR_METHODS) });
export type LoginResult = z.infer<typeof loginResult>;

export const verifyOtpBody = z.object({
  email: email('El email es requerido'),
  code: otpCode,
});
export type VerifyOtpBody = z.input<typeof verifyOtpBody>;

export const RECOVERY_CODE_MESSAGES = {
  required: 'Escribe uno de tus códigos de recuperación.',
  invalid: 'El código de recuperación tiene 10 letras o números (por ejemplo, abcde-12345).',
} as const;

/**
 * One of the ten recovery codes of an authenticator app, as printed ('abcde-12345'); spaces,
 * dashes and capitals are forgiven, as a person copies it from paper.
 */
export const recoveryCode = z
  .string({ error: RECOVERY_CODE_MESSAGES.required })
  .transform((value) => value.toLowerCase().replace(/[\s-]/g, ''))
  .pipe(z.string().min(1, { error: RECOVERY_CODE_MESSAGES.required, abort: true }).regex(/^[a-z0-9]{10}$/, RECOVERY_CODE_MESSAGES.invalid));

/** Sign-in with a recovery code instead of the app's code (after the right password). */
export const verifyRecoveryCodeBody = z.object({
  email: email('El email es requerido'),
  recovery_code: recoveryCode,
});
export type VerifyRecoveryCodeBody = z.input<typeof verifyRecoveryCodeBody>;

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
