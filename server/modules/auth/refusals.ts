import { AppError } from '../../http/errors';

/** Why a sign-in was refused, as a short stable code: the `reason` of the sign-in refusals metric. */
export const SIGN_IN_REFUSALS = ['wrong_password', 'inactive', 'wrong_code', 'expired_code', 'used_code', 'locked_code', 'no_code', 'too_soon', 'rate_limited'] as const;
export type SignInRefusal = (typeof SIGN_IN_REFUSALS)[number];

const reasons = new WeakMap<Error, SignInRefusal>();

/** `error`, marked as a sign-in refused for `reason`: the sign-in routes count it when it is answered. */
export const refusedFor = <E extends Error>(reason: SignInRefusal, error: E): E => {
  reasons.set(error, reason);
  return error;
};

/**
 * Why `error` refused a sign-in: its mark, or `rate_limited` for any other 429 (the limits per
 * address, counted before the body is read, and per e-mail); null for what refuses nothing (a bad
 * body, a mail that could not be sent).
 */
export const refusalOf = (error: unknown): SignInRefusal | null => {
  if (!(error instanceof Error)) return null;
  return reasons.get(error) ?? (error instanceof AppError && error.statusCode === 429 ? 'rate_limited' : null);
};
