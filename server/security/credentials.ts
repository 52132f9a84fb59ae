import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CREDENTIAL_MASK, isCredentialKey } from '@contract/connector.constants';
import { hashSecret } from './secrets';

/** AES-256-GCM wants a 32-byte key and a 12-byte nonce. */
export const APP_KEY_BYTES = 32;
const NONCE_BYTES = 12;
/** How every sealed value begins: the answers' SQL masks any value that does, wherever it is. */
export const SEALED_PREFIX = 'enc:v1:';

const KEY_HINT = 'Genera una con: openssl rand -base64 32';

/** APP_KEY as configured: the base64 of 32 bytes, or a startup error that says how to make one. */
export const parseAppKey = (value: string | undefined): Buffer | null => {
  if (value === undefined || value.trim() === '') return null;
  const key = Buffer.from(value.trim(), 'base64');
  if (key.length !== APP_KEY_BYTES || key.toString('base64') !== value.trim()) {
    throw new Error(`APP_KEY debe ser la codificación base64 de ${APP_KEY_BYTES} bytes. ${KEY_HINT}`);
  }
  return key;
};

/**
 * The key credentials are encrypted with: APP_KEY when set, else the one in DATA_DIR/app.key,
 * generated there (readable by the owner only) the first time. Losing it makes the stored
 * credentials unreadable, so it is never replaced once written.
 */
export function resolveAppKey({ appKey, dataDir }: { appKey: Buffer | null; dataDir: string }): Buffer {
  if (appKey) return appKey;
  const file = path.join(dataDir, 'app.key');
  try {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, `${randomBytes(APP_KEY_BYTES).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const key = parseAppKey(readFileSync(file, 'utf8'));
  if (!key) throw new Error(`${file} está vacío. ${KEY_HINT}`);
  return key;
}

type Json = unknown;
const isObject = (value: Json): value is Record<string, Json> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isSealed = (value: Json): value is string => typeof value === 'string' && value.startsWith(SEALED_PREFIX);
/** Nothing to hide: a credential left empty stays as it is. */
const isEmpty = (value: Json) => value === null || value === '';

/** The value at the same place in another tree (the stored one), if any. */
const child = (node: Json, key: string | number): Json => {
  if (typeof key === 'number') return Array.isArray(node) ? node[key] : undefined;
  return isObject(node) && Object.hasOwn(node, key) ? node[key] : undefined;
};

/** The tree with every sealed value replaced by the mask. */
const hideSealed = (node: Json): Json => {
  if (isSealed(node)) return CREDENTIAL_MASK;
  if (Array.isArray(node)) return node.map(hideSealed);
  return isObject(node) ? Object.fromEntries(Object.entries(node).map(([key, value]) => [key, hideSealed(value)])) : node;
};

/** Calls `visit` on each credential value of a JSON tree and rebuilds the tree with what it returns. */
const mapCredentials = (node: Json, visit: (value: Json, path: string, stored: Json) => Json, stored: Json = undefined, at = ''): Json => {
  if (Array.isArray(node)) return node.map((item, index) => mapCredentials(item, visit, child(stored, index), `${at}[${index}]`));
  if (!isObject(node)) return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => {
      const place = at === '' ? key : `${at}.${key}`;
      return [key, isCredentialKey(key) ? visit(value, place, child(stored, key)) : mapCredentials(value, visit, child(stored, key), place)];
    }),
  );
};

/**
 * Credential values inside a connector's settings and params: encrypted at rest (AES-256-GCM,
 * a fresh nonce each time), masked on every read, compared by fingerprint for the history.
 */
export function createCredentialBox(key: Buffer) {
  const encrypt = (value: Json): string => {
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, nonce);
    const sealed = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
    return `${SEALED_PREFIX}${nonce.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}.${sealed.toString('base64url')}`;
  };

  const decrypt = (text: string): Json => {
    const [nonce = '', tag = '', sealed = ''] = text.slice(SEALED_PREFIX.length).split('.');
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return JSON.parse(Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8')) as Json;
  };

  return {
    /** One secret of the panel's own (an authenticator app's key), sealed as a credential is. */
    sealValue: (value: string): string => encrypt(value),

    /** The plain text of a value `sealValue` sealed. */
    openValue: (sealed: string): string => {
      const plain = decrypt(sealed);
      if (typeof plain !== 'string') throw new Error('Not a sealed text');
      return plain;
    },

    /**
     * The tree to store: each credential encrypted. The mask sent back where a credential is
     * stored keeps the stored value; anything else is a new value.
     */
    seal<T extends Json>(incoming: T, stored?: Json): T {
      return mapCredentials(incoming, (value, _path, before) => {
        if (isEmpty(value)) return value;
        if (value === CREDENTIAL_MASK && isSealed(before)) return before;
        return encrypt(value);
      }, stored) as T;
    },

    /**
     * The tree as a read shows it: each stored credential replaced by the mask, and so is any sealed
     * value elsewhere (a key whose folding tells JavaScript and PostgreSQL apart, say with a
     * non-breaking space), so that nothing encrypted is ever shown, not even as ciphertext.
     */
    mask<T extends Json>(stored: T): T {
      return hideSealed(mapCredentials(stored, (value) => (isEmpty(value) ? value : CREDENTIAL_MASK))) as T;
    },

    /** The plain value of each credential (for the code that talks to the DSP, never for an answer). */
    open<T extends Json>(stored: T): T {
      return mapCredentials(stored, (value) => (isSealed(value) ? decrypt(value) : value)) as T;
    },

    /**
     * A hash of each credential's plain value by its place ('password', 'db.token'), to tell the
     * history which ones a write changed. A value the key cannot open is told apart by its text.
     */
    fingerprints(stored: Json, prefix: string): Record<string, string> {
      const found: Record<string, string> = {};
      mapCredentials(stored, (value, place) => {
        if (isEmpty(value)) return value;
        let plain: Json = value;
        if (isSealed(value)) {
          try {
            plain = decrypt(value);
          } catch {
            plain = value;
          }
        }
        found[`${prefix}.${place}`] = hashSecret(JSON.stringify(plain));
        return value;
      });
      return found;
    },
  };
}

export type CredentialBox = ReturnType<typeof createCredentialBox>;
