import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// scrypt with OWASP's parameters N=2^15, r=8, p=3 (32 MiB per hash). The parameters are stored
// with each hash, so they can be raised later without breaking existing passwords.
const OWASP_PARAMS = { N: 2 ** 15, r: 8, p: 3 } as const;
const CHEAP_PARAMS = { N: 2 ** 10, r: 8, p: 1 } as const;
let PARAMS: ScryptOptions & { N: number; r: number; p: number } = OWASP_PARAMS;

/**
 * For the API tests only: they sign in hundreds of times to check who may do what, not how hard a
 * hash is to crack, and each hash at full cost is deliberately slow. Nothing else calls it.
 * Test files share this module within a worker, so it answers the function that puts back the
 * cost it replaced.
 */
export const useCheapPasswordHashingForTests = (cheap = true) => {
  const previous = PARAMS;
  PARAMS = cheap ? CHEAP_PARAMS : OWASP_PARAMS;
  return () => {
    PARAMS = previous;
  };
};
const KEY_LENGTH = 64;

const derive = (password: string, salt: Buffer, options: ScryptOptions, keyLength: number) =>
  new Promise<Buffer>((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyLength, { ...options, maxmem: 256 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS, KEY_LENGTH);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) }, expected.length);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * A hash of a random password, checked when the e-mail is unknown so that a wrong e-mail
 * takes as long to refuse as a wrong password.
 */
let dummyHash: Promise<string> | null = null;
export const dummyPasswordHash = () => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));
