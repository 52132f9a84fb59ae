import { ACCOUNT_MESSAGES, TOTP_MESSAGES, type AccountSession } from '@contract/account';
import type { SecondFactorMethod } from '@contract/auth.constants';
import { CODE_ALREADY_SENT_MESSAGE } from '@contract/auth.constants';
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { recordAudit, secretChange, type AuditAuthor } from '../../db/audit-trail';
import type { Db } from '../../db/client';
import { oneTimeCodes, sessions, users } from '../../db/schema';
import type { Actor } from '../../http/actor';
import { AppError, forbidden, notFound, unauthorized, validationFailed } from '../../http/errors';
import { claimCooldown, consumeRateLimit, rateLimitKey, releaseCooldown } from '../../http/rate-limit';
import { loginCodeMessage, passwordChangedMessage, recoveryCodeMessage, type MailMessage, type Mailer } from '../../mail';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../security/password';
import { passwordPolicyError } from '../../security/password-policy';
import { generateCode, generateToken, hashSecret, secretMatches } from '../../security/secrets';
import type { BackgroundWork } from './background';
import { deviceName } from './device';
import { loadPrincipal, profileOf } from './principal';
import { refusedFor } from './refusals';
import { matchingStep, type SecondFactor } from './second-factor';

export const CODE_TTL_SECONDS = 10 * 60;
export const MAX_CODE_ATTEMPTS = 5;
export const RESEND_COOLDOWN_SECONDS = 60;
/** Longer User-Agents are cut: the header is the client's to write, the column is ours to fill. */
export const MAX_USER_AGENT_LENGTH = 512;

export const MESSAGES = {
  badCredentials: 'Correo o contraseña incorrectos.',
  inactive: 'Tu cuenta está desactivada. Contacta a un administrador.',
  codeSent: 'Te enviamos un código de 6 dígitos a tu correo.',
  resendTooSoon: CODE_ALREADY_SENT_MESSAGE,
  codeInvalid: 'El código no es válido o ya fue usado. Solicita uno nuevo.',
  codeExpired: 'El código expiró. Solicita uno nuevo.',
  codeLocked: 'Se agotaron los intentos para este código. Solicita uno nuevo.',
  recoveryCodeRefused: 'El código no es correcto, expiró o ya no es válido. Revisa el último correo que te enviamos o pide uno nuevo.',
  mailFailed: 'No se pudo enviar el correo con el código. Inténtalo de nuevo en unos minutos.',
  recoverySent: 'Si el correo está registrado, te enviamos un código.',
  codeResent: 'Si hay un inicio de sesión pendiente para ese correo, te enviamos un código nuevo.',
  resetInvalid: 'El permiso para cambiar la contraseña no es válido o expiró. Vuelve a empezar.',
  passwordChanged: 'Tu contraseña ha sido actualizada correctamente.',
  loggedOut: 'Sesión cerrada.',
  appCodeAsked: 'Escribe el código de tu aplicación de autenticación.',
  appTooSoon: 'Se agotaron los intentos hace menos de un minuto. Espera un minuto para volver a intentarlo.',
  recoveryCodeWrong: 'El código de recuperación no es correcto o ya se usó.',
} as const;

/** 'El código no es correcto. Te quedan 3 intentos.'; none left, that the code is used up. */
const wrongCode = (attemptsLeft: number, refusal = 'El código no es correcto.') =>
  attemptsLeft > 0 ? `${refusal} Te ${attemptsLeft === 1 ? 'queda 1 intento' : `quedan ${attemptsLeft} intentos`}.` : MESSAGES.codeLocked;

type CodePurpose = 'login' | 'recovery' | 'password_reset';

/** Why a code was refused; only sign-in tells the caller (its code exists only after the right password). */
type CodeCheck = { ok: true; id: number } | { ok: false; reason: 'missing' | 'expired' | 'locked' } | { ok: false; reason: 'wrong'; attemptsLeft: number };

// Serial ids start at 1: an unknown account is looked up as user 0, which matches no code.
const NO_USER = 0;
const NO_CODE_HASH = hashSecret('no code');

const loginCooldownKey = (userId: number) => `code:login:${userId}`;
// Keyed by the address asked for, not the account, so a too-soon resend is refused alike for every e-mail.
const loginResendCooldownKey = (email: string) => `code:login-resend:${email}`;

/** Who opened a session: recorded at sign-in and shown in 'Mi cuenta'. */
export interface ClientInfo {
  address: string;
  userAgent: string | undefined;
}

export interface AuthServiceDeps {
  db: Db;
  mailer: Mailer;
  config: Pick<Config, 'tokenTtlSeconds' | 'rateLimit'>;
  /** Where recovery mail is sent from, after the answer has gone out. */
  background: BackgroundWork;
  log: Pick<FastifyBaseLogger, 'error'>;
  /** The authenticator app of those who have one: their sign-in checks its codes, and mails nothing. */
  secondFactor: SecondFactor;
}

/** Sign-in with a one-time code, sign-out, password recovery and the caller's own account. */
export function createAuthService({ db, mailer, config, background, log, secondFactor }: AuthServiceDeps) {
  const findUser = async (email: string) => {
    const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
    return user ?? null;
  };

  /** A sign-in code asked for again within its minute: counted as a refusal, then thrown on. */
  const tooSoon = (error: unknown): never => {
    throw error instanceof Error ? refusedFor('too_soon', error) : error;
  };

  // Per-address counts happen in the onRequest hook (route config.rateLimit), before the body is read.
  const limitEmail = (scope: string, email: string) => consumeRateLimit(db, rateLimitKey(scope, 'email', email), config.rateLimit.perEmail);

  /** Replaces any open code of this purpose with a new one and mails it. */
  const issueCode = async (userId: number, purpose: 'login' | 'recovery', message: (code: string) => MailMessage) => {
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
    await mailer.send(message(code));
  };

  /**
   * Checks a secret against the newest open code of its purpose, without using it up. Wrong tries
   * are counted atomically and the fifth invalidates the code. An unknown account (null) runs the
   * same query and comparison, so its refusal costs the same work.
   */
  const checkCode = async (
    userId: number | null,
    purpose: CodePurpose,
    secret: string | ((codeHash: string) => Promise<boolean>),
  ): Promise<CodeCheck> => {
    const [row] = await db
      .select({
        id: oneTimeCodes.id,
        codeHash: oneTimeCodes.codeHash,
        attempts: oneTimeCodes.attempts,
        expired: sql<boolean>`${oneTimeCodes.expiresAt} <= now()`,
      })
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.userId, userId ?? NO_USER), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.consumedAt)))
      .orderBy(desc(oneTimeCodes.createdAt), desc(oneTimeCodes.id))
      .limit(1);
    // A mailed code is compared whatever happens, so that a refusal costs the same work.
    const mailedMatch = typeof secret === 'string' ? secretMatches(secret, row?.codeHash ?? NO_CODE_HASH) : false;
    if (!row) return { ok: false, reason: 'missing' };
    if (row.expired) return { ok: false, reason: 'expired' };
    if (row.attempts >= MAX_CODE_ATTEMPTS) return { ok: false, reason: 'locked' };
    if (typeof secret === 'string' ? mailedMatch : await secret(row.codeHash)) return { ok: true, id: row.id };
    const [counted] = await db
      .update(oneTimeCodes)
      .set({
        attempts: sql`${oneTimeCodes.attempts} + 1`,
        consumedAt: sql`case when ${oneTimeCodes.attempts} + 1 >= ${MAX_CODE_ATTEMPTS} then now() else null end`,
      })
      .where(and(eq(oneTimeCodes.id, row.id), isNull(oneTimeCodes.consumedAt)))
      .returning({ attempts: oneTimeCodes.attempts });
    return counted ? { ok: false, reason: 'wrong', attemptsLeft: MAX_CODE_ATTEMPTS - counted.attempts } : { ok: false, reason: 'missing' };
  };

  /** Uses up a checked code; false when a concurrent request with the same code won. */
  const consumeCode = async (id: number) => {
    const consumed = await db
      .update(oneTimeCodes)
      .set({ consumedAt: sql`now()` })
      .where(and(eq(oneTimeCodes.id, id), isNull(oneTimeCodes.consumedAt)))
      .returning({ id: oneTimeCodes.id });
    return consumed.length > 0;
  };

  /**
   * The sign-in of someone with an app: the right password opens a sign-in 'code' that is never
   * mailed, so that the app's codes get the same lifetime and the same counted attempts as a mailed
   * one. An open one is kept (its wrong tries still count); a new one at most once a minute.
   */
  const openAppChallenge = async (userId: number) => {
    const [open] = await db
      .select({ id: oneTimeCodes.id })
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, 'login'), isNull(oneTimeCodes.consumedAt), gt(oneTimeCodes.expiresAt, sql`now()`)))
      .limit(1);
    if (open) return;
    await claimCooldown(db, loginCooldownKey(userId), RESEND_COOLDOWN_SECONDS, MESSAGES.appTooSoon).catch(tooSoon);
    await db.insert(oneTimeCodes).values({
      userId,
      purpose: 'login',
      codeHash: hashSecret(generateToken()),
      expiresAt: sql`now() + make_interval(secs => ${CODE_TTL_SECONDS})`,
    });
  };

  const refuseCode = (message: string, field = 'code') => validationFailed({ [field]: [message] }, message);
  /** A sign-in code that was good but is used now (by a concurrent request, or a replayed app code). */
  const usedCode = (message: string, field?: string) => refusedFor('used_code', refuseCode(message, field));
  /** The refusal of a sign-in code under `field`, saying how many tries are left; `replayed`, an app's code used already. */
  const codeRefusal = (check: Exclude<CodeCheck, { ok: true }>, { field = 'code', refusal, replayed = false }: { field?: string; refusal?: string; replayed?: boolean } = {}) => {
    if (check.reason === 'wrong') return refusedFor(replayed ? 'used_code' : 'wrong_code', refuseCode(wrongCode(check.attemptsLeft, refusal), field));
    const [reason, message] = ({ missing: ['no_code', MESSAGES.codeInvalid], expired: ['expired_code', MESSAGES.codeExpired], locked: ['locked_code', MESSAGES.codeLocked] } as const)[check.reason];
    return refusedFor(reason, refuseCode(message, field));
  };

  /** Opens the session of someone whose sign-in code was just used up, and records the sign-in. */
  const openSession = async (user: { id: number }, client: ClientInfo, refuse: () => AppError) => {
    // The code was used: signing out and in again need not wait for the resend minute.
    await releaseCooldown(db, loginCooldownKey(user.id));
    const principal = await loadPrincipal(db, user.id);
    if (!principal) throw refuse();
    if (!principal.isActive) throw refusedFor('inactive', forbidden(MESSAGES.inactive));
    const token = generateToken();
    const [session] = await db.transaction(async (tx) => {
      const opened = await tx
        .insert(sessions)
        .values({
          userId: principal.id,
          tokenHash: hashSecret(token),
          expiresAt: sql`now() + make_interval(secs => ${config.tokenTtlSeconds})`,
          lastUsedAt: new Date(),
          userAgent: client.userAgent?.slice(0, MAX_USER_AGENT_LENGTH) || null,
          address: client.address,
        })
        .returning({ id: sessions.id, expiresAt: sessions.expiresAt });
      const author = { userId: principal.id, name: principal.name, address: client.address };
      await recordAudit(tx, author, { action: 'sign-in', resource: 'session', resourceId: opened[0]!.id, label: principal.name });
      return opened;
    });
    return { token, expires_at: session!.expiresAt.toISOString(), ...profileOf(principal) };
  };

  /** 422 on `password` when the policy refuses it for this person (common, or their e-mail or DNI). */
  const assertPasswordPolicy = (password: string, owner: { email: string; dni: string | null }) => {
    const refusal = passwordPolicyError(password, owner);
    if (refusal) throw validationFailed({ password: [refusal] });
  };

  /**
   * Sets a new password, closes the account's sessions (but `keepSessionId`) and tells the owner;
   * the history records that the password changed, never what it is.
   */
  const replacePassword = async (user: { id: number; email: string; name: string }, password: string, keepSessionId: number | null, author: AuditAuthor) => {
    const passwordHash = await hashPassword(password);
    await db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
      await recordAudit(tx, author, { action: 'password', resource: 'user', resourceId: user.id, label: user.name, changes: [secretChange('password')] });
      await tx
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt), keepSessionId === null ? undefined : ne(sessions.id, keepSessionId)));
    });
    // The password is already changed; a lost notice must not make the change look failed.
    await mailer.send(passwordChangedMessage(user.email, user.name)).catch((error: unknown) => log.error({ err: error }, 'password-changed mail failed'));
  };

  const openSessionsOf = (userId: number) => and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`));

  return {
    /**
     * Checks the password and mails a sign-in code, or, for someone with an app, asks for its
     * code and mails nothing. Never says whether the e-mail exists.
     */
    async login(email: string, password: string): Promise<{ second_factor: SecondFactorMethod }> {
      await limitEmail('login', email);
      const user = await findUser(email);
      const passwordOk = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
      if (!user || !passwordOk) throw refusedFor('wrong_password', unauthorized(MESSAGES.badCredentials));
      if (!user.isActive) throw refusedFor('inactive', forbidden(MESSAGES.inactive));
      if (await secondFactor.usesApp(user.id)) {
        await openAppChallenge(user.id);
        return { second_factor: 'app' };
      }
      const cooldownKey = loginCooldownKey(user.id);
      await claimCooldown(db, cooldownKey, RESEND_COOLDOWN_SECONDS, MESSAGES.resendTooSoon).catch(tooSoon);
      try {
        await issueCode(user.id, 'login', (code) => loginCodeMessage(user.email, user.name, code));
      } catch (error) {
        log.error({ err: error }, 'sign-in code mail failed');
        // The person never got this code: let them ask again at once.
        await releaseCooldown(db, cooldownKey);
        throw new AppError(500, MESSAGES.mailFailed);
      }
      return { second_factor: 'email' };
    },

    /**
     * Mails a new sign-in code in place of the open one, without the password: only an active
     * account with an unexpired, unused sign-in code (which exists only after the right password)
     * gets one. What the caller sees never depends on the account: the answer, and the
     * once-a-minute rule per e-mail address, come before the lookup, which runs after the answer.
     */
    async resendLoginCode(email: string) {
      await limitEmail('resend-2fa', email);
      const resendKey = loginResendCooldownKey(email);
      await claimCooldown(db, resendKey, RESEND_COOLDOWN_SECONDS, MESSAGES.resendTooSoon);
      let accountKey: string | null = null;
      background.run(
        async () => {
          const user = await findUser(email);
          // Someone with an app gets no mail: their code is in the app.
          if (!user?.isActive || (await secondFactor.usesApp(user.id))) return;
          const [open] = await db
            .select({ id: oneTimeCodes.id })
            .from(oneTimeCodes)
            .where(and(eq(oneTimeCodes.userId, user.id), eq(oneTimeCodes.purpose, 'login'), isNull(oneTimeCodes.consumedAt), gt(oneTimeCodes.expiresAt, sql`now()`)))
            .limit(1);
          if (!open) return;
          // The account's own minute, shared with the sign-in: within it the code just sent stands.
          const key = loginCooldownKey(user.id);
          try {
            await claimCooldown(db, key, RESEND_COOLDOWN_SECONDS, MESSAGES.resendTooSoon);
          } catch {
            return;
          }
          accountKey = key;
          await issueCode(user.id, 'login', (code) => loginCodeMessage(user.email, user.name, code));
        },
        async (error) => {
          log.error({ err: error }, 'sign-in code resend mail failed');
          // The person never got this code: let them ask again at once.
          await releaseCooldown(db, resendKey);
          if (accountKey) await releaseCooldown(db, accountKey);
        },
      );
    },

    /**
     * Exchanges a sign-in code (mailed, or the app's for someone who has one) for a bearer token
     * and the profile. Its refusals say how many tries are left: a sign-in code exists only after
     * the right password, so they reveal nothing new. An app's code is accepted once: a second use
     * within its 30-second step is refused (and counted).
     */
    async verifyLogin(email: string, code: string, client: ClientInfo) {
      await limitEmail('verify', email);
      const user = await findUser(email);
      const app = user ? await secondFactor.enabledApp(user.id) : null;
      if (!app) {
        const check = await checkCode(user?.id ?? null, 'login', code);
        if (!check.ok) throw codeRefusal(check);
        if (!user || !(await consumeCode(check.id))) throw usedCode(MESSAGES.codeInvalid);
        return openSession(user, client, () => refusedFor('no_code', refuseCode(MESSAGES.codeInvalid)));
      }
      let step: number | null = null;
      let replayed = false;
      const check = await checkCode(user!.id, 'login', async () => {
        step = matchingStep(app.secret, code);
        replayed = step !== null && app.lastStep !== null && step <= app.lastStep;
        return step !== null && !replayed;
      });
      if (!check.ok) throw codeRefusal(check, { refusal: replayed ? TOTP_MESSAGES.codeUsed : undefined, replayed });
      // Of two requests with one code, the one that takes its step goes on.
      if (!(await secondFactor.claimStep(user!.id, step!))) throw usedCode(TOTP_MESSAGES.codeUsed);
      if (!(await consumeCode(check.id))) throw usedCode(MESSAGES.codeInvalid);
      return openSession(user!, client, () => refusedFor('no_code', refuseCode(MESSAGES.codeInvalid)));
    },

    /**
     * Signs in with one of the app's recovery codes instead of its code (after the right
     * password): each is used once, and wrong ones count against the same attempts.
     */
    async verifyRecoveryLogin(email: string, recoveryCode: string, client: ClientInfo) {
      await limitEmail('verify', email);
      const user = await findUser(email);
      const usesApp = user ? await secondFactor.usesApp(user.id) : false;
      const refuse = () => usedCode(MESSAGES.recoveryCodeWrong, 'recovery_code');
      let found: number | null = null;
      const check = await checkCode(usesApp ? user!.id : null, 'login', async () => {
        found = await secondFactor.findRecoveryCode(user!.id, recoveryCode);
        return found !== null;
      });
      if (!check.ok) throw codeRefusal(check, { field: 'recovery_code', refusal: MESSAGES.recoveryCodeWrong });
      if (!(await secondFactor.spendRecoveryCode(found!))) throw refuse();
      if (!(await consumeCode(check.id))) throw refuse();
      return openSession(user!, client, refuse);
    },

    async logout(actor: Actor) {
      await db.transaction(async (tx) => {
        await tx.update(sessions).set({ revokedAt: sql`now()` }).where(and(eq(sessions.id, actor.sessionId!), isNull(sessions.revokedAt)));
        await recordAudit(tx, actor, { action: 'sign-out', resource: 'session', resourceId: actor.sessionId, label: actor.name });
      });
    },

    /**
     * Mails a recovery code to an active account. What the caller sees (answer, status, the
     * once-a-minute rule, time taken) never depends on whether the account exists: the lookup and
     * the mail run after the answer, and a mail failure only frees the minute for another try.
     */
    async sendRecoveryCode(email: string) {
      await limitEmail('recovery', email);
      const cooldownKey = `code:recovery:${email}`;
      await claimCooldown(db, cooldownKey, RESEND_COOLDOWN_SECONDS, MESSAGES.resendTooSoon);
      background.run(
        async () => {
          const user = await findUser(email);
          if (!user?.isActive) return;
          await issueCode(user.id, 'recovery', (code) => recoveryCodeMessage(user.email, user.name, code));
        },
        async (error) => {
          log.error({ err: error }, 'recovery code mail failed');
          await releaseCooldown(db, cooldownKey);
        },
      );
    },

    /**
     * Checks a recovery code and grants a 10-minute permission to set a new password. Every
     * refusal (wrong, expired, used up, no code, unknown or inactive e-mail) is the same 422.
     */
    async verifyRecoveryCode(email: string, code: string) {
      await limitEmail('verify', email);
      const user = await findUser(email);
      const account = user?.isActive ? user : null;
      const check = await checkCode(account?.id ?? null, 'recovery', code);
      if (!check.ok || !account || !(await consumeCode(check.id))) {
        throw validationFailed({ code: [MESSAGES.recoveryCodeRefused] }, MESSAGES.recoveryCodeRefused);
      }
      const resetToken = generateToken();
      const [row] = await db
        .insert(oneTimeCodes)
        .values({
          userId: account.id,
          purpose: 'password_reset',
          codeHash: hashSecret(resetToken),
          expiresAt: sql`now() + make_interval(secs => ${CODE_TTL_SECONDS})`,
        })
        .returning({ expiresAt: oneTimeCodes.expiresAt });
      return { reset_token: resetToken, expires_at: row!.expiresAt.toISOString() };
    },

    /** Sets the new password, closes every open session of the account and tells its owner. */
    async resetPassword(email: string, resetToken: string, password: string, client: Pick<ClientInfo, 'address'>) {
      await limitEmail('reset', email);
      const user = await findUser(email);
      const account = user?.isActive ? user : null;
      const check = await checkCode(account?.id ?? null, 'password_reset', resetToken);
      const refuse = () => validationFailed({ reset_token: [MESSAGES.resetInvalid] }, MESSAGES.resetInvalid);
      if (!check.ok || !account) throw refuse();
      // Only the holder of a valid permission learns why a password is refused ('equal to the
      // DNI' would otherwise confirm an account's DNI), and a refused one keeps the permission.
      assertPasswordPolicy(password, account);
      if (!(await consumeCode(check.id))) throw refuse();
      await replacePassword(account, password, null, { userId: account.id, name: account.name, address: client.address });
    },

    /**
     * The caller's own password: the current one is required (every attempt counts against the
     * per-account limit, so it cannot be guessed), and every other session is closed.
     */
    async changePassword(actor: Actor, currentPassword: string, password: string) {
      const { userId, sessionId } = actor;
      await consumeRateLimit(db, rateLimitKey('change-password', 'user', userId), config.rateLimit.perEmail);
      const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
      if (!user) throw unauthorized();
      if (!(await verifyPassword(currentPassword, user.passwordHash))) {
        throw validationFailed({ current_password: [ACCOUNT_MESSAGES.currentPasswordWrong] });
      }
      // The same comparison the hash makes (NFKC), so 'the same password' means what signing in means.
      if (password.normalize('NFKC') === currentPassword.normalize('NFKC')) {
        throw validationFailed({ password: [ACCOUNT_MESSAGES.passwordSameAsCurrent] });
      }
      assertPasswordPolicy(password, user);
      await replacePassword(user, password, sessionId, actor);
    },

    /** 422 on `password` unless it is the caller's password (the caller counts the attempt). */
    async checkOwnPassword(userId: number, password: string) {
      const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
      if (!user) throw unauthorized();
      if (!(await verifyPassword(password, user.passwordHash))) throw validationFailed({ password: [TOTP_MESSAGES.passwordWrong] });
    },

    /** The caller's open sessions, most recently used first. */
    async listSessions(userId: number, currentSessionId: number): Promise<AccountSession[]> {
      const rows = await db
        .select({
          id: sessions.id,
          userAgent: sessions.userAgent,
          address: sessions.address,
          createdAt: sessions.createdAt,
          lastUsedAt: sessions.lastUsedAt,
          expiresAt: sessions.expiresAt,
        })
        .from(sessions)
        .where(openSessionsOf(userId))
        .orderBy(desc(sql`coalesce(${sessions.lastUsedAt}, ${sessions.createdAt})`), desc(sessions.id));
      return rows.map((row) => ({
        id: row.id,
        device: deviceName(row.userAgent),
        address: row.address,
        created_at: row.createdAt.toISOString(),
        last_used_at: row.lastUsedAt?.toISOString() ?? null,
        expires_at: row.expiresAt.toISOString(),
        current: row.id === currentSessionId,
      }));
    },

    /** Closes one open session of the caller; anyone else's, or a closed one, is a 404. */
    async closeSession(actor: Actor, sessionId: number) {
      await db.transaction(async (tx) => {
        const closed = await tx
          .update(sessions)
          .set({ revokedAt: sql`now()` })
          .where(and(eq(sessions.id, sessionId), openSessionsOf(actor.userId)))
          .returning({ id: sessions.id });
        if (closed.length === 0) throw notFound(ACCOUNT_MESSAGES.sessionNotFound);
        await recordAudit(tx, actor, { action: 'sign-out', resource: 'session', resourceId: sessionId, label: actor.name });
      });
    },

    /** Closes every open session of the caller except `currentSessionId`; answers how many. */
    async closeOtherSessions(actor: Actor) {
      return db.transaction(async (tx) => {
        const closed = await tx
          .update(sessions)
          .set({ revokedAt: sql`now()` })
          .where(and(openSessionsOf(actor.userId), ne(sessions.id, actor.sessionId!)))
          .returning({ id: sessions.id });
        // One entry for the whole write; closing nothing is no change.
        if (closed.length > 0) {
          const resourceId = closed.length === 1 ? closed[0]!.id : null;
          await recordAudit(tx, actor, { action: 'sign-out', resource: 'session', resourceId, label: actor.name });
        }
        return closed.length;
      });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
