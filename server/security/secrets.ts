import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A bearer token: 256 random bits. */
export const generateToken = () => randomBytes(32).toString('base64url');

/** A numeric one-time code from the CSPRNG, zero-padded. */
export const generateCode = (length = 6) => String(randomInt(0, 10 ** length)).padStart(length, '0');

/** Tokens and codes are stored as SHA-256 hashes only. */
export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

export const secretMatches = (secret: string, storedHash: string) => {
  const actual = Buffer.from(hashSecret(secret), 'hex');
  const expected = Buffer.from(storedHash, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
};
