import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';

/**
 * Where uploaded files live. The API stores only the key a `put` returns (e.g.
 * `sponsors/3f9c…e1.png`) and answers `url(key)` to the browser. The local disk (local-disk.ts)
 * is the default; an S3-compatible bucket (s3.ts) keeps the same contract and the same keys.
 */
/**
 * What `put` stores: bytes already in memory (small generated files), or a stream and its size in
 * bytes (an upload, read from its temp file), which is what an object store wants up front.
 */
export type StorageContent = Buffer | { stream: Readable; size: number };

export interface Storage {
  /**
   * Stores the content under a new random name and returns its key. Never uses a client's file
   * name. Rejects (storing nothing) when a stream fails or does not carry `size` bytes.
   */
  put(content: StorageContent, options: { folder: StorageFolder; extension: string }): Promise<string>;
  /** Removes the file; a key that does not exist is not an error. */
  delete(key: string): Promise<void>;
  /** The address a browser loads the file from: `/storage/<key>`. */
  url(key: string): string;
  /** The file's bytes as a stream, or null when there is no such file (or the key is not valid). */
  read(key: string): Promise<{ stream: Readable; size: number } | null>;
  /**
   * Resolves when files can be stored and read now (the readiness check asks it), rejects with
   * why not. Stores and reads nothing.
   */
  check(): Promise<void>;
}

/**
 * Listens for `stream`'s failure from the moment `put` receives it and answers the one seen so far.
 * A stream that fails while `put` is still getting ready to read it (making a folder, say) would
 * otherwise fail with no listener, and Node throws such an error at the process, whichever request
 * it belonged to. Every `put` of a stream calls this first.
 */
export function watchFailure(stream: Readable): () => unknown {
  let failure: unknown;
  stream.once('error', (error) => (failure = error));
  return () => failure;
}

/** The folders files are stored in, one per kind of owner. */
export const STORAGE_FOLDERS = ['sponsors', 'campaigns', 'plans', 'services', 'categories', 'dsps', 'bookings'] as const;
export type StorageFolder = (typeof STORAGE_FOLDERS)[number];

/** The extensions a stored file may have; the serving route's Content-Type comes from them. */
export const CONTENT_TYPE_BY_EXTENSION: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  pdf: 'application/pdf',
};

/**
 * The only shape a key can have: a known folder, 32 hex characters, a known extension. Anything
 * else (`..`, slashes, encoded characters, other extensions) is refused before the disk is touched,
 * which is what makes path traversal impossible.
 */
const KEY_SHAPE = new RegExp(
  `^(?:${STORAGE_FOLDERS.join('|')})/[0-9a-f]{32}\\.(?:${Object.keys(CONTENT_TYPE_BY_EXTENSION).join('|')})$`,
);

export const isStorageKey = (key: string): boolean => KEY_SHAPE.test(key);

/** A new key in `folder`: 128 random bits, so it is never guessed nor reused. Throws for an extension that cannot be served. */
export function newStorageKey(folder: StorageFolder, extension: string): string {
  if (!(extension in CONTENT_TYPE_BY_EXTENSION)) throw new Error(`Unsupported storage extension: ${extension}`);
  const key = `${folder}/${randomBytes(16).toString('hex')}.${extension}`;
  if (!isStorageKey(key)) throw new Error(`Invalid storage key: ${key}`);
  return key;
}

export const extensionOf = (key: string): string => key.slice(key.lastIndexOf('.') + 1);

/** Prefix of every stored file's address. */
export const STORAGE_URL_PREFIX = '/storage/';

/** `/storage/<key>` for a stored key, null for none. */
export const storageUrl = (key: string | null): string | null => (key ? `${STORAGE_URL_PREFIX}${key}` : null);
