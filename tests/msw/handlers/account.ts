import {
  ACCOUNT_MESSAGES,
  TOTP_MESSAGES,
  changePasswordBody,
  totpConfirmBody,
  totpDisableBody,
  type AccountSession,
  type SecondFactorStatus,
} from '@contract/account';
import { PASSWORD_POLICY_MESSAGES } from '@contract/auth';
import { http } from 'msw';
import { parseBody } from '../body';
import { apiUrl, fail, invalid, ok } from '../envelope';
import type { MockModule } from '../resource';
import { signedInUser } from './auth';

/** The signed-in person's password when a test starts. */
export const CURRENT_PASSWORD = 'Secreto123!';
/** A few of the passwords the server's dictionary refuses; the real list lives on the server. */
export const COMMON_PASSWORDS = ['12345678', 'password', 'qwerty123', 'contraseña'];

let sequence = 0;

/** A session as GET /api/auth/sessions lists it; not the current one unless told. */
export const buildSession = (overrides: Partial<AccountSession> = {}): AccountSession => {
  sequence += 1;
  return {
    id: sequence,
    device: 'Firefox 128 en Linux',
    address: `10.0.0.${sequence}`,
    created_at: new Date(Date.UTC(2026, 2, 3, 9, sequence)).toISOString(),
    last_used_at: new Date(Date.UTC(2026, 2, 3, 12, sequence)).toISOString(),
    expires_at: new Date(Date.UTC(2026, 2, 4, 9, sequence)).toISOString(),
    current: false,
    ...overrides,
  };
};

/** The code the person's authenticator app shows 'now' in a test. */
export const APP_CODE_NOW = '246810';
/** A key as the server hands one out (base32), and the recovery codes it answers on confirmation. */
export const APP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
export const RECOVERY_CODES = Array.from({ length: 10 }, (_, index) => `abcde-${String(23450 + index)}`);
/** A tiny valid SVG, as the data URL of the QR code. */
const QR_CODE = `data:image/svg+xml;base64,${btoa('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>')}`;

/** The person's sessions and password; a test seeds it, the setup `reset()`s it before each test. */
export const accountDb = {
  sessions: [] as AccountSession[],
  password: CURRENT_PASSWORD,
  /** The second factor as GET /api/auth/second-factor answers; `pendingKey` once an enrolment started. */
  secondFactor: { method: 'email', enabled_at: null, recovery_codes_left: 0 } as SecondFactorStatus,
  pendingKey: false,
  /** Every body POST /api/auth/change-password received, in order. */
  passwordChanges: [] as unknown[],
  reset() {
    sequence = 0;
    accountDb.password = CURRENT_PASSWORD;
    accountDb.passwordChanges = [];
    accountDb.secondFactor = { method: 'email', enabled_at: null, recovery_codes_left: 0 };
    accountDb.pendingKey = false;
    accountDb.sessions = [buildSession({ device: 'Chrome 126 en Windows', address: '190.24.10.5', current: true })];
  },
  /** Adds sessions of the same person on other devices. */
  seedOthers(count: number, overrides: (index: number) => Partial<AccountSession> = () => ({})) {
    for (let index = 0; index < count; index++) accountDb.sessions.push(buildSession(overrides(index)));
  },
};

/** What the server's password policy refuses beyond the contract's shape, field by field. */
const policyErrors = (body: { current_password: string; password: string }): Record<string, string[]> => {
  if (body.current_password !== accountDb.password) return { current_password: [ACCOUNT_MESSAGES.currentPasswordWrong] };
  if (body.password === body.current_password) return { password: [ACCOUNT_MESSAGES.passwordSameAsCurrent] };
  if (COMMON_PASSWORDS.includes(body.password.toLowerCase())) return { password: [PASSWORD_POLICY_MESSAGES.common] };
  if (body.password.toLowerCase() === signedInUser.email) return { password: [PASSWORD_POLICY_MESSAGES.sameAsEmail] };
  return {};
};

/** The 'Mi cuenta' API of contract/account.ts over `accountDb`. */
export const mock: MockModule = {
  stores: [accountDb],
  handlers: [
    http.get(apiUrl('auth/sessions'), () =>
      ok([...accountDb.sessions].sort((a, b) => (b.last_used_at ?? b.created_at).localeCompare(a.last_used_at ?? a.created_at))),
    ),
    http.delete(apiUrl('auth/sessions/:id'), ({ params }) => {
      const before = accountDb.sessions.length;
      accountDb.sessions = accountDb.sessions.filter((session) => session.id !== Number(params.id));
      return accountDb.sessions.length < before ? ok(null, ACCOUNT_MESSAGES.sessionClosed) : fail(404, ACCOUNT_MESSAGES.sessionNotFound);
    }),
    http.post(apiUrl('auth/sessions/close-others'), () => {
      const closed = accountDb.sessions.filter((session) => !session.current).length;
      accountDb.sessions = accountDb.sessions.filter((session) => session.current);
      return ok({ closed }, ACCOUNT_MESSAGES.othersClosed);
    }),
    http.post(apiUrl('auth/change-password'), async ({ request }) => {
      const raw = await request.json();
      accountDb.passwordChanges.push(raw);
      const input = parseBody(changePasswordBody, raw);
      if (input instanceof Response) return input;
      const refused = policyErrors(input);
      if (Object.keys(refused).length > 0) return invalid(refused);
      accountDb.password = input.password;
      accountDb.sessions = accountDb.sessions.filter((session) => session.current);
      return ok(null, ACCOUNT_MESSAGES.passwordChanged);
    }),
    http.get(apiUrl('auth/second-factor'), () => ok(accountDb.secondFactor)),
    http.post(apiUrl('auth/second-factor/app'), () => {
      if (accountDb.secondFactor.method === 'app') return fail(409, TOTP_MESSAGES.alreadyEnabled);
      accountDb.pendingKey = true;
      return ok({ secret: APP_SECRET, otpauth_uri: `otpauth://totp/Panel%20de%20Control:${signedInUser.email}?secret=${APP_SECRET}`, qr_code: QR_CODE }, TOTP_MESSAGES.enrolmentStarted);
    }),
    http.post(apiUrl('auth/second-factor/app/confirm'), async ({ request }) => {
      const input = parseBody(totpConfirmBody, await request.json());
      if (input instanceof Response) return input;
      if (!accountDb.pendingKey) return fail(409, TOTP_MESSAGES.noEnrolment);
      if (input.code !== APP_CODE_NOW) return invalid({ code: [TOTP_MESSAGES.codeWrong] });
      accountDb.pendingKey = false;
      accountDb.secondFactor = { method: 'app', enabled_at: '2026-03-03T12:00:00.000Z', recovery_codes_left: 10 };
      return ok({ recovery_codes: RECOVERY_CODES }, TOTP_MESSAGES.enabled);
    }),
    http.post(apiUrl('auth/second-factor/app/disable'), async ({ request }) => {
      const input = parseBody(totpDisableBody, await request.json());
      if (input instanceof Response) return input;
      if (input.password !== accountDb.password) return invalid({ password: [TOTP_MESSAGES.passwordWrong] });
      if (input.code !== APP_CODE_NOW) return invalid({ code: [TOTP_MESSAGES.codeWrong] });
      accountDb.secondFactor = { method: 'email', enabled_at: null, recovery_codes_left: 0 };
      return ok(null, TOTP_MESSAGES.disabled);
    }),
  ],
};
