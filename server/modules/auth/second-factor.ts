import { TOTP_MESSAGES, type SecondFactorStatus, type TotpEnrolment } from '@contract/account';
import type { AuditChange } from '@contract/audit';
import { USER_NOT_FOUND } from '@contract/user.constants';
import { and, count, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { randomInt } from 'node:crypto';
import { recordAudit, type AuditAuthor } from '../../db/audit-trail';
import type { Db, Tx } from '../../db/client';
import { totpFactors, totpRecoveryCodes, users } from '../../db/schema';
import type { Actor } from '../../http/actor';
import { conflict, forbidden, notFound, validationFailed } from '../../http/errors';
import type { CredentialBox } from '../../security/credentials';
import { hashSecret } from '../../security/secrets';
import { assertMayActOn } from '../roles/authority';

/** What the app shows beside the account; the label is the person's e-mail. */
export const TOTP_ISSUER = 'Panel de Control';
/** RFC 6238 as every authenticator app reads an otpauth:// URI by default. */
const TOTP_PARAMS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
/** A code of the step before or after now is accepted too: a phone's clock is rarely exact. */
const TOTP_WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
/** 32 letters and digits without the easily confused l, o, 0 and 1: ten of them are 50 random bits. */
const RECOVERY_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/** The 30-second step a code belongs to, within one step of `now`; null when it matches none. */
export function matchingStep(secret: string, code: string, now = Date.now()): number | null {
  const delta = TOTP.validate({ ...TOTP_PARAMS, token: code, secret: Secret.fromBase32(secret), timestamp: now, window: TOTP_WINDOW });
  return delta === null ? null : TOTP.counter({ period: TOTP_PARAMS.period, timestamp: now }) + delta;
}

/** Ten codes as printed, 'abcde-12345'; what is stored and compared is the hash of the ten characters. */
const newRecoveryCodes = () =>
  Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
const recoveryHash = (code: string) => hashSecret(`totp-recovery:${code.replace('-', '')}`);

/** How the history records a change of method: the method before and after, never the key. */
const methodChange = (before: 'email' | 'app', after: 'email' | 'app'): AuditChange => ({ field: 'second_factor', before, after, secret: false });

/**
 * The authenticator app as a second factor: enrolment (a key sealed with the connectors' key,
 * confirmed by a first code), its recovery codes (hashed, each used once), its checks at sign-in
 * (each 30-second step accepted once) and its removal.
 */
export function createSecondFactor({ db, credentials }: { db: Db; credentials: CredentialBox }) {
  const factorOf = async (conn: Db | Tx, userId: number) => {
    const [row] = await conn.select().from(totpFactors).where(eq(totpFactors.userId, userId)).limit(1);
    return row ?? null;
  };

  /** The confirmed app of a user, its key opened; null when the user gets mailed codes. */
  const enabledApp = async (userId: number) => {
    const row = await factorOf(db, userId);
    if (!row?.confirmedAt) return null;
    return { secret: credentials.openValue(row.secret), lastStep: row.lastStep };
  };

  /**
   * Takes `step` as the last one used, only if it is later than the stored one: of two requests
   * with the same code, one wins.
   */
  const claimStep = async (userId: number, step: number) => {
    const claimed = await db
      .update(totpFactors)
      .set({ lastStep: step })
      .where(and(eq(totpFactors.userId, userId), or(isNull(totpFactors.lastStep), lt(totpFactors.lastStep, step))))
      .returning({ userId: totpFactors.userId });
    return claimed.length > 0;
  };

  /** Removes the app and its recovery codes, and records the change (the key never). */
  const removeFactor = async (tx: Tx, author: AuditAuthor, user: { id: number; name: string }) => {
    await tx.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, user.id));
    const removed = await tx.delete(totpFactors).where(eq(totpFactors.userId, user.id)).returning({ confirmedAt: totpFactors.confirmedAt });
    if (removed[0]?.confirmedAt) {
      await recordAudit(tx, author, { action: 'update', resource: 'user', resourceId: user.id, label: user.name, changes: [methodChange('app', 'email')] });
    }
    return removed.length > 0;
  };

  return {
    enabledApp,
    claimStep,

    /** Whether `userId` signs in with an app (a confirmed one). */
    async usesApp(userId: number) {
      const row = await factorOf(db, userId);
      return Boolean(row?.confirmedAt);
    },

    async status(userId: number): Promise<SecondFactorStatus> {
      const row = await factorOf(db, userId);
      if (!row?.confirmedAt) return { method: 'email', enabled_at: null, recovery_codes_left: 0 };
      const [left] = await db
        .select({ total: count() })
        .from(totpRecoveryCodes)
        .where(and(eq(totpRecoveryCodes.userId, userId), isNull(totpRecoveryCodes.usedAt)));
      return { method: 'app', enabled_at: row.confirmedAt.toISOString(), recovery_codes_left: left?.total ?? 0 };
    },

    /** A new key waiting for its first code (any earlier unconfirmed one is replaced). 409 once an app is on. */
    async start(user: { id: number; email: string }): Promise<TotpEnrolment> {
      const secret = new Secret({ size: 20 }).base32;
      const sealed = credentials.sealValue(secret);
      const stored = await db
        .insert(totpFactors)
        .values({ userId: user.id, secret: sealed })
        .onConflictDoUpdate({ target: totpFactors.userId, set: { secret: sealed, lastStep: null, createdAt: sql`now()` }, setWhere: isNull(totpFactors.confirmedAt) })
        .returning({ userId: totpFactors.userId });
      if (stored.length === 0) throw conflict(TOTP_MESSAGES.alreadyEnabled);
      const otpauthUri = new TOTP({ ...TOTP_PARAMS, issuer: TOTP_ISSUER, label: user.email, secret: Secret.fromBase32(secret) }).toString();
      const svg = await QRCode.toString(otpauthUri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
      return { secret, otpauth_uri: otpauthUri, qr_code: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
    },

    /** Confirms the waiting key with its first code; answers the ten recovery codes, shown this once. */
    async confirm(actor: Actor, code: string) {
      const row = await factorOf(db, actor.userId);
      if (row?.confirmedAt) throw conflict(TOTP_MESSAGES.alreadyEnabled);
      if (!row) throw conflict(TOTP_MESSAGES.noEnrolment);
      const step = matchingStep(credentials.openValue(row.secret), code);
      if (step === null) throw validationFailed({ code: [TOTP_MESSAGES.codeWrong] }, TOTP_MESSAGES.codeWrong);
      const codes = newRecoveryCodes();
      await db.transaction(async (tx) => {
        const confirmed = await tx
          .update(totpFactors)
          .set({ confirmedAt: sql`now()`, lastStep: step })
          .where(and(eq(totpFactors.userId, actor.userId), isNull(totpFactors.confirmedAt), eq(totpFactors.secret, row.secret)))
          .returning({ userId: totpFactors.userId });
        // Another tab confirmed it, or started over with a new key, meanwhile.
        if (confirmed.length === 0) throw conflict(TOTP_MESSAGES.noEnrolment);
        await tx.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, actor.userId));
        await tx.insert(totpRecoveryCodes).values(codes.map((printed) => ({ userId: actor.userId, codeHash: recoveryHash(printed) })));
        await recordAudit(tx, actor, { action: 'update', resource: 'user', resourceId: actor.userId, label: actor.name, changes: [methodChange('email', 'app')] });
      });
      return { recovery_codes: codes };
    },

    /**
     * Whether `code` (normalised: ten letters and digits) is one of the user's unused recovery
     * codes; it is used up only by `spendRecoveryCode`.
     */
    async findRecoveryCode(userId: number, code: string) {
      const [row] = await db
        .select({ id: totpRecoveryCodes.id })
        .from(totpRecoveryCodes)
        .where(and(eq(totpRecoveryCodes.userId, userId), eq(totpRecoveryCodes.codeHash, recoveryHash(code)), isNull(totpRecoveryCodes.usedAt)))
        .limit(1);
      return row?.id ?? null;
    },

    /** Uses a recovery code up; false when a concurrent sign-in with it won. */
    async spendRecoveryCode(id: number) {
      const spent = await db
        .update(totpRecoveryCodes)
        .set({ usedAt: sql`now()` })
        .where(and(eq(totpRecoveryCodes.id, id), isNull(totpRecoveryCodes.usedAt)))
        .returning({ id: totpRecoveryCodes.id });
      return spent.length > 0;
    },

    /** The owner turns the app off: the caller checked the password; the code must be a current, unused one. */
    async disable(actor: Actor, code: string) {
      const app = await enabledApp(actor.userId);
      if (!app) throw conflict(TOTP_MESSAGES.notEnabled);
      const step = matchingStep(app.secret, code);
      if (step === null) throw validationFailed({ code: [TOTP_MESSAGES.codeWrong] }, TOTP_MESSAGES.codeWrong);
      if (!(await claimStep(actor.userId, step))) throw validationFailed({ code: [TOTP_MESSAGES.codeUsed] }, TOTP_MESSAGES.codeUsed);
      await db.transaction((tx) => removeFactor(tx, actor, { id: actor.userId, name: actor.name }));
    },

    /**
     * A super admin takes another person's app away (a lost phone): they are mailed codes again.
     * Not one's own (that needs the password and a code, in 'Mi cuenta'), and never someone beyond the actor.
     */
    async reset(actor: Actor, userId: number, target: (tx: Tx) => Promise<{ id: number; name: string; roles: { id: number; slug: string }[] } | null>) {
      if (!actor.isSuperAdmin) throw forbidden(TOTP_MESSAGES.resetNotSuperAdmin);
      await db.transaction(async (tx) => {
        const user = await target(tx);
        if (!user) throw notFound(USER_NOT_FOUND);
        if (user.id === actor.userId) throw conflict(TOTP_MESSAGES.resetSelf);
        await assertMayActOn(tx, actor, user, 'modificar');
        // Locks the user's row so a concurrent enrolment of theirs waits for this.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
        const [factor] = await tx.select({ userId: totpFactors.userId }).from(totpFactors).where(and(eq(totpFactors.userId, user.id), isNotNull(totpFactors.confirmedAt)));
        if (!factor) throw conflict(TOTP_MESSAGES.resetNothing);
        await removeFactor(tx, actor, user);
      });
    },
  };
}

export type SecondFactor = ReturnType<typeof createSecondFactor>;
