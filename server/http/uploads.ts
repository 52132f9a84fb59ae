/**
 * Uploaded files: where their bytes wait (a temp file per file, never memory), what they really
 * are (by their first bytes, never by name or declared type) and the check every handler runs
 * before storing one.
 *
 * The wire contract: `logo`, `image` and `document` fields, type checked by content, 10 MB max
 * (413 over the size, enforced by the body plugin; 415 for the wrong type, enforced here).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { unsupportedMediaType } from './errors';

export type FileKind = 'png' | 'jpeg' | 'gif' | 'pdf' | 'unknown';

/** Largest file the API accepts, in bytes (10 MB). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export const IMAGE_KINDS: readonly FileKind[] = ['png', 'jpeg', 'gif'];

export const MIME_BY_KIND: Record<Exclude<FileKind, 'unknown'>, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  pdf: 'application/pdf',
};

/** Extension (without the dot) to store a file of each kind under. */
export const EXTENSION_BY_KIND: Record<Exclude<FileKind, 'unknown'>, string> = {
  png: 'png',
  jpeg: 'jpg',
  gif: 'gif',
  pdf: 'pdf',
};

/** The most bytes any signature below needs (PNG's 8). */
const SIGNATURE_BYTES = 8;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;
const JPEG = [0xff, 0xd8, 0xff] as const;
const GIF87A = [0x47, 0x49, 0x46, 0x38, 0x37, 0x61] as const; // 'GIF87a'
const GIF89A = [0x47, 0x49, 0x46, 0x38, 0x39, 0x61] as const; // 'GIF89a'
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d] as const; // '%PDF-'

const startsWith = (bytes: Uint8Array, signature: readonly number[]): boolean =>
  bytes.length >= signature.length && signature.every((byte, index) => bytes[index] === byte);

/**
 * The kind of a file by its magic bytes only. Anything not recognised (SVG, HTML, text, a text
 * file named `.png`, an empty file) is 'unknown'. The PDF signature must be at offset 0: some
 * readers tolerate junk before `%PDF-`, which is exactly how polyglot files get through.
 */
export function detectFileKind(bytes: Uint8Array): FileKind {
  if (startsWith(bytes, PNG)) return 'png';
  if (startsWith(bytes, JPEG)) return 'jpeg';
  if (startsWith(bytes, GIF87A) || startsWith(bytes, GIF89A)) return 'gif';
  if (startsWith(bytes, PDF)) return 'pdf';
  return 'unknown';
}

/**
 * A file of a multipart body. Its bytes are in a temp file (`path`) that the body plugin removes
 * when the request ends, so a handler must store it (see storage) before answering.
 * A class, not a shape: a JSON body with the same keys (say `path: '/etc/passwd'`) is not one.
 */
export class UploadedFile {
  readonly fieldname: string;
  /** As the client sent it: untrusted, never use it as a path. */
  readonly filename: string;
  readonly kind: FileKind;
  readonly size: number;
  /** The temp file holding the bytes. */
  readonly path: string;

  constructor(init: { fieldname: string; filename: string; kind: FileKind; size: number; path: string }) {
    this.fieldname = init.fieldname;
    this.filename = init.filename;
    this.kind = init.kind;
    this.size = init.size;
    this.path = init.path;
  }

  /** Derived from `kind` (application/octet-stream when unknown), never the declared type. */
  get mimetype(): string {
    return this.kind === 'unknown' ? 'application/octet-stream' : MIME_BY_KIND[this.kind];
  }

  /** The bytes, as a new stream each time. */
  open(): Readable {
    return fs.createReadStream(this.path);
  }
}

/**
 * The temp files of one request: each upload gets a random name under `dir`, readable only by
 * this process (0600). `release` removes them all when the request ends, however it ends; a
 * file still being written then is removed as soon as its writer finishes.
 */
export class TempFiles {
  private readonly paths = new Set<string>();
  private released = false;

  constructor(private readonly dir: string) {}

  /**
   * Streams `source` into a new temp file and returns where it is, its size and its kind
   * (from its first bytes). Rejects when the stream fails or is destroyed.
   */
  async write(source: Readable): Promise<{ path: string; size: number; kind: FileKind }> {
    if (this.released) throw new Error('The request has ended; its uploads were already removed.');
    const target = path.join(this.dir, `panel-upload-${randomBytes(16).toString('hex')}`);
    this.paths.add(target);
    let size = 0;
    let head = Buffer.alloc(0);
    // 'wx': a fresh file, never one planted under the same name.
    const file = fs.createWriteStream(target, { flags: 'wx', mode: 0o600 });
    try {
      await pipeline(
        source,
        async function* (chunks: AsyncIterable<Buffer>) {
          for await (const chunk of chunks) {
            size += chunk.length;
            if (head.length < SIGNATURE_BYTES) head = Buffer.concat([head, chunk.subarray(0, SIGNATURE_BYTES - head.length)]);
            yield chunk;
          }
        },
        file,
      );
    } catch (error) {
      // A stream that fails at once can fail before the file is even open: the file is created after
      // the failure, when its stream closes, and only then can it be removed.
      if (!file.closed) await new Promise<void>((resolve) => file.once('close', () => resolve()));
      await fs.promises.rm(target, { force: true });
      throw error;
    } finally {
      if (this.released) await fs.promises.rm(target, { force: true });
    }
    return { path: target, size, kind: detectFileKind(head) };
  }

  /** Removes every temp file of the request; later writes are refused. */
  async release(): Promise<void> {
    this.released = true;
    await Promise.all([...this.paths].map((file) => fs.promises.rm(file, { force: true })));
    this.paths.clear();
  }
}

const LABEL_BY_KIND: Record<Exclude<FileKind, 'unknown'>, string> = {
  png: 'PNG',
  jpeg: 'JPG',
  gif: 'GIF',
  pdf: 'PDF',
};

const joinOr = (words: string[]): string =>
  words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} o ${words[words.length - 1]}`;

/** The Spanish description of what `allowed` accepts, e.g. 'una imagen PNG, JPG o GIF' or 'un PDF'. */
function describeAllowed(allowed: readonly FileKind[]): string {
  const known = allowed.filter((kind): kind is Exclude<FileKind, 'unknown'> => kind !== 'unknown');
  const images = known.filter((kind) => IMAGE_KINDS.includes(kind)).map((kind) => LABEL_BY_KIND[kind]);
  const pdf = known.includes('pdf');
  const parts: string[] = [];
  if (images.length > 0) parts.push(`una imagen ${joinOr(images)}`);
  if (pdf) parts.push('un PDF');
  return joinOr(parts);
}

/**
 * Throws 415 unless the file's detected kind is one of `allowed`. `field` is the Spanish name of
 * the field in the message: 'El archivo de {field} debe ser una imagen PNG, JPG o GIF.' or
 * 'El archivo de {field} debe ser un PDF.'. 'unknown' in `allowed` is ignored: an unrecognised
 * file is never acceptable.
 */
export function assertFileKind(file: UploadedFile, allowed: readonly FileKind[], field: string): void {
  if (file.kind !== 'unknown' && allowed.includes(file.kind)) return;
  const description = describeAllowed(allowed);
  throw unsupportedMediaType(
    description ? `El archivo de ${field} debe ser ${description}.` : `El archivo de ${field} no es de un tipo admitido.`,
    file.fieldname,
  );
}
