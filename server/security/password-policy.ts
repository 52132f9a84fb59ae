import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_POLICY_MESSAGES } from '@contract/auth';

/** The canonical form compared: what scrypt hashes (NFKC), case-insensitive, without surrounding spaces. */
const canonical = (value: string) => value.normalize('NFKC').trim().toLowerCase();

// zxcvbn's list of the ~49,000 most common passwords, shipped inside the package (no network).
let common: Set<string> | null = null;
const commonPasswords = () => (common ??= new Set(dictionary['passwords-common'].map(canonical)));

/**
 * Why a new password is refused beyond its length, or null when it is acceptable: one of the most
 * common passwords, or the person's own e-mail or DNI. Every place that sets a password asks this:
 * user create/update, recovery reset and change-password.
 */
export function passwordPolicyError(password: string, owner: { email?: string | null; dni?: string | null }): string | null {
  const candidate = canonical(password);
  if (owner.email && candidate === canonical(owner.email)) return PASSWORD_POLICY_MESSAGES.sameAsEmail;
  if (owner.dni && candidate === canonical(owner.dni)) return PASSWORD_POLICY_MESSAGES.sameAsDni;
  if (commonPasswords().has(candidate)) return PASSWORD_POLICY_MESSAGES.common;
  return null;
}
