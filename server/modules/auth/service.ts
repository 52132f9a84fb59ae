import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { oneTimeCodes, sessions, users } from '../../db/schema';
import { AppError, forbidden, unauthorized, validationFailed } from '../../http/errors';
import { claimCooldown, consumeRateLimit, releaseCooldown } from '../../http/rate-limit';
import { loginCodeMessage, passwordChangedMessage, recoveryCodeMessage, type MailMessage, type Mailer } from '../../mail';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../security/password';
import { generateCode, generateToken, hashSecret, secretMatches } from '../../security/secrets';
import { loadPrincipal, profileOf } from './principal';

export const CODE_TTL_SECONDS = 10 * 60;
export const MAX_CODE_ATTEMPTS = 5;
export const RESEND_COOLDOWN_SECONDS = 60;

export const MESSAGES = {
  badCredentials: 'Correo o contraseña incorrectos.',
  inactive: 'Tu cuenta está desactivada. Contacta a un administrador.',
  codeSent: 'Te enviamos un código de 6 dígitos a tu correo.',
  resendTooSoon: 'Ya enviamos un código hace menos de un minuto. Revisa tu correo o espera para pedir otro.',
  codeInvalid: 'El código no es válido o ya fue usado. Solicita uno nuevo.',
  codeExpired: 'El código expiró. Solicita uno nuevo.',
  codeLocked: 'Se agotaron los intentos para este código. Solicita uno nuevo.',
  mailFailed: 'No se pudo enviar el correo con el código. Inténtalo de nuevo en unos minutos.',
  recoverySent: 'Si el correo está registrado, te enviamos un código.',
  resetInvalid: 'El permiso para cambiar la contraseña no es válido o expiró. Vuelve a empezar.',
  passwordChanged: 'Tu contraseña ha sido actualizada correctamente.',
  loggedOut: 'Sesión cerrada.',
} as const;

const wrongCode = (attemptsLeft: number) =>
  attemptsLeft > 0
    ? `El código no es correcto. Te ${attemptsLeft === 1 ? 'queda 1 intento' : `quedan ${attemptsLeft} intentos`}.`
    : MESSAGES.codeLocked;

type CodePurpose = 'login' | 'recovery';

const loginCooldownKey = (userId: number) => `code:login:${userId}`;

export interface AuthServiceDeps {
  db: Db;
  mailer: Mailer;
  config: Pick<Config, 'tokenTtlSeconds' | 'rateLimit'>;
}

/** Sign-in with a one-time code, sign-out and password recovery. */
export function createAuthService({ db, mailer, config }: AuthServiceDeps) {
  const findUser = async (email: string) => {
    const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
    return user ?? null;
  };

  const limit = async (scope: string, email: string, address: string) => {
    await consumeRateLimit(db, `${scope}:address:${address}`, config.rateLimit.perAddress);
    await consumeRateLimit(db, `${scope}:email:${email}`, config.rateLimit.perEmail);
  };

  /** Replaces any open code of this purpose with a new one and mails it. */
  const issueCode = async (userId: number, purpose: CodePurpose, message: (code: string) => MailMessage, cooldownKey: string) => {
    const code = generateCode();
    await db.transaction(async (tx) => {
      await tx
        .update(oneTimeCodes)
        .set({ consumedAt: sql`now()` })
        .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.consumedAt)));
      await tx.insert(oneTimeCodes).values({
        userId,
        purpose,
        codeHash: hashSecret(code),
        expiresAt: sql`now() + make_interval(secs => ${CODE_TTL_SECONDS})`,
      });
    });
    try {
      await mailer.send(message(code));
    } catch {
      // The person never got this code: let them ask again at once.
      await releaseCooldown(db, cooldownKey);
      throw new AppError(500, MESSAGES.mailFailed);
    }
  };

  /**
   * Checks a code against the newest open one of its purpose. Wrong tries are counted atomically
   * and the fifth invalidates the code; a right one is consumed so it works only once.
   */
  const consumeCode = async (userId: number | null, purpose: CodePurpose | 'password_reset', secret: string, field: string) => {
    const invalid = (message: string) => validationFailed({ [field]: [message] }, message);
    if (userId === null) throw invalid(MESSAGES.codeInvalid);
    const [row] = await db
      .select({
        id: oneTimeCodes.id,
        codeHash: oneTimeCodes.codeHash,
        attempts: oneTimeCodes.attempts,
        expired: sql<boolean>`${oneTimeCodes.expiresAt} <= now()`,
      })
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.consumedAt)))
      .orderBy(desc(oneTimeCodes.createdAt), desc(oneTimeCodes.id))
      .limit(1);
    if (!row) throw invalid(MESSAGES.codeInvalid);
    if (row.expired) throw invalid(MESSAGES.codeExpired);
    if (row.attempts >= MAX_CODE_ATTEMPTS) throw invalid(MESSAGES.codeLocked);

    if (!secretMatches(secret, row.codeHash)) {
      const [counted] = await db
        .update(oneTimeCodes)
        .set({
          attempts: sql`${oneTimeCodes.attempts} + 1`,
          consumedAt: sql`case when ${oneTimeCodes.attempts} + 1 >= ${MAX_CODE_ATTEMPTS} then now() else null end`,
        })
        .where(and(eq(oneTimeCodes.id, row.id), isNull(oneTimeCodes.consumedAt)))
        .returning({ attempts: oneTimeCodes.attempts });
      throw invalid(counted ? wrongCode(MAX_CODE_ATTEMPTS - counted.attempts) : MESSAGES.codeInvalid);
    }

    const consumed = await db
      .update(oneTimeCodes)
      .set({ consumedAt: sql`now()` })
      .where(and(eq(oneTimeCodes.id, row.id), isNull(oneTimeCodes.consumedAt)))
      .returning({ id: oneTimeCodes.id });
    // Two requests raced with the same code: only the first wins.
    if (consumed.length === 0) throw invalid(MESSAGES.codeInvalid);
  };

  return {
    /** Checks the password and mails a sign-in code. Never says whether the e-mail exists. */
    async login(email: string, password: string, address: string) {
      await limit('login', email, address);
      const user = await findUser(email);
      const passwordOk = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
      if (!user || !passwordOk) throw unauthorized(MESSAGES.badCredentials);
      if (!user.isActive) throw forbidden(MESSAGES.inactive);
      const cooldownKey = loginCooldownKey(user.id);
      await claimCooldown(db, cooldownKey, RESEND_COOLDOWN_SECONDS, MESSAGES.resendTooSoon);
      await issueCode(user.id, 'login', (code) => loginCodeMessage(user.email, user.name, code), cooldownKey);
    },

    /** Exchanges a sign-in code for a bearer token and the profile. */
    async verifyLogin(email: string, code: string, address: string) {
      await limit('verify', email, address);
      const user = await findUser(email);
      await consumeCode(user?.id ?? null, 'login', code, 'code');
      // The code was used: signing out and in again need not wait for the resend minute.
      await releaseCooldown(db, loginCooldownKey(user!.id));
      const principal = user ? await loadPrincipal(db, user.id) : null;
      if (!principal) throw validationFailed({ code: [MESSAGES.codeInvalid] }, MESSAGES.codeInvalid);
      if (!principal.isActive) throw forbidden(MESSAGES.inactive);
      const token = generateToken();
      const [session] = await db
        .insert(sessions)
        .values({
          userId: principal.id,
          tokenHash: hashSecret(token),
          expiresAt: sql`now() + make_interval(secs => ${config.tokenTtlSeconds})`,
        })
        .returning({ expiresAt: sessions.expiresAt });
      return { token, expires_at: session!.expiresAt.toISOString(), ...profileOf(principal) };
    },

    async logout(sessionId: number) {
      await db.update(sessions).set({ revokedAt: sql`now()` }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    },

    /**
     * Mails a recovery code to an active account. The answer and the once-a-minute rule are the
     * same whether or not the e-mail exists, so neither tells an outsider who has an account.
     */
    async sendRecoveryCode(email: string, address: string) {
      await limit('recovery', email, address);
      const cooldownKey = `code:recovery:${email}`;
      await claimCooldown(db, cooldownKey, RESEND_COOLDOWN_SECONDS, MESSAGES.resendTooSoon);
      const user = await findUser(email);
      if (!user || !user.isActive) return;
      await issueCode(user.id, 'recovery', (code) => recoveryCodeMessage(user.email, user.name, code), cooldownKey);
    },

    /** Checks a recovery code and grants a 10-minute permission to set a new password. */
    async verifyRecoveryCode(email: string, code: string, address: string) {
      await limit('verify', email, address);
      const user = await findUser(email);
      await consumeCode(user && user.isActive ? user.id : null, 'recovery', code, 'code');
      const resetToken = generateToken();
      const [row] = await db
        .insert(oneTimeCodes)
        .values({
          userId: user!.id,
          purpose: 'password_reset',
          codeHash: hashSecret(resetToken),
          expiresAt: sql`now() + make_interval(secs => ${CODE_TTL_SECONDS})`,
        })
        .returning({ expiresAt: oneTimeCodes.expiresAt });
      return { reset_token: resetToken, expires_at: row!.expiresAt.toISOString() };
    },

    /** Sets the new password, closes every open session of the account and tells its owner. */
    async resetPassword(email: string, resetToken: string, password: string, address: string) {
      await limit('reset', email, address);
      const user = await findUser(email);
      try {
        await consumeCode(user && user.isActive ? user.id : null, 'password_reset', resetToken, 'reset_token');
      } catch (error) {
        if (error instanceof AppError) throw validationFailed({ reset_token: [MESSAGES.resetInvalid] }, MESSAGES.resetInvalid);
        throw error;
      }
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, user!.id));
        await tx.update(sessions).set({ revokedAt: sql`now()` }).where(and(eq(sessions.userId, user!.id), isNull(sessions.revokedAt)));
      });
      await mailer.send(passwordChangedMessage(user!.email, user!.name)).catch(() => undefined);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
