/**
 * The one body normaliser: JSON, multipart/form-data and application/x-www-form-urlencoded all
 * reach the handlers (and their zod schemas) as the same shape. Form keys use PHP-style brackets
 * (`scopes[0]`, `plans[0][plan_id]`, `rate_limit[max_requests]`); form values stay strings (the zod
 * schemas turn '1'/'true' into booleans, because a DNI '1' must stay a string). Files become
 * `UploadedFile`s: streamed to a temp file, their kind taken from their bytes (see uploads.ts).
 *
 * `bodyPlugin` must be registered on the root instance BEFORE any plugin that declares routes:
 * fastify copies content-type parsers and hooks into a child context when the child is created.
 *
 * Limits (the same numbers README.md and the API description give):
 * - A whole request, files included, is at most MAX_REQUEST_BYTES (21 MB) on a signed-in route
 *   and MAX_PUBLIC_REQUEST_BYTES (16 KB) on a public one (`config.access: 'public'`: sign-in,
 *   codes, recovery), whatever its content type. Over it is a 413, refused from Content-Length
 *   before reading, or as soon as the counted bytes pass it (chunked or lying Content-Length).
 *   The app passes MAX_REQUEST_BYTES as fastify's `bodyLimit`; public routes get theirs here.
 * - A form: at most 1000 fields of 64 KB, 2 files of 10 MB, names of 100 bytes.
 *
 * What it installs (on the whole app; it skips encapsulation):
 * - A multipart/form-data parser (busboy) that counts the request's bytes, streams each file to a
 *   temp file and removes those files when the response closes, whatever happened.
 * - A JSON parser that reads an empty body as `{}` (a client may send the JSON content type on
 *   every call) and otherwise is fastify's own, `__proto__` and `constructor` keys refused.
 * - A parser for application/x-www-form-urlencoded.
 * - The removal of fastify's default text/plain parser and a catch-all parser, so any content
 *   type other than JSON, multipart and url-encoded is a 415 with a Spanish message.
 * - `_method`: a top-level `_method` key is removed from every object body; on a POST, PUT or
 *   PATCH (any case) is recorded on `request.methodOverride`; any other value is a 400.
 * - `Connection: close` on any answer sent before the request's body was read in full (a 401, a
 *   413): otherwise Node would read the rest of the body, up to the client's whim, to reuse the
 *   connection.
 *
 * Errors the CENTRAL ERROR HANDLER must map (fastify raises them in its own parsers): call
 * `bodyErrorToAppError(err)` first; it covers FST_ERR_CTP_INVALID_JSON_BODY (400, also
 * prototype-poisoned JSON), FST_ERR_CTP_BODY_TOO_LARGE (413), FST_ERR_CTP_INVALID_CONTENT_LENGTH
 * (400) and FST_ERR_CTP_INVALID_MEDIA_TYPE (415, an unparsable Content-Type header).
 * Everything else this module throws is already an AppError.
 */
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import os from 'node:os';
import type { Readable } from 'node:stream';
import { Busboy, type BusboyHeaders } from '@fastify/busboy';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, badRequest, payloadTooLarge, unsupportedMediaType } from './errors';
import { MAX_UPLOAD_BYTES, TempFiles, UploadedFile } from './uploads';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route taking a larger file than MAX_UPLOAD_BYTES (an import's CSV): its limit and the 413 it answers over it. */
    uploadLimit?: { bytes: number; message: string };
  }
  interface FastifyRequest {
    /** Set when a POST carried `_method=PUT|PATCH`: treat the request as that method. */
    methodOverride?: 'PUT' | 'PATCH';
  }
}

export type FormPair = [key: string, value: string | UploadedFile];

/**
 * Largest request to a signed-in route, files included: the largest legitimate one carries two
 * files of 10 MB (an image and a PDF) plus its text fields and the multipart framing (1 MB).
 */
export const MAX_REQUEST_BYTES = 2 * MAX_UPLOAD_BYTES + 1024 * 1024;
/** Largest request to a public route: an e-mail, a password, a code; never a file. */
export const MAX_PUBLIC_REQUEST_BYTES = 16 * 1024;
/** Most key/value pairs a form body may carry. */
export const MAX_FORM_PAIRS = 1000;
/** Most bracket levels in a key: `a[b][c][d][e][f]` has 5. */
export const MAX_FORM_DEPTH = 5;
/** Largest numeric index in a key: `a[1000]`. */
export const MAX_FORM_INDEX = 1000;
/** Most files per multipart request: no form sends more than an image and a PDF. */
export const MAX_FORM_FILES = 2;
/**
 * Largest multipart text field, in bytes: the longest text the API keeps is a 5,000-character
 * description, at most 20,000 bytes in UTF-8; 64 KB leaves room without buffering megabytes.
 */
export const MAX_FORM_FIELD_BYTES = 64 * 1024;
/** Longest form key, in bytes: real ones (`plans[0][external_plan_id]`) are a few dozen. */
export const MAX_FORM_KEY_BYTES = 100;

const tooLarge = () => new AppError(413, 'El cuerpo de la petición es demasiado grande.');

const FORBIDDEN_SEGMENTS = new Set(['__proto__', 'constructor', 'prototype']);
const KEY_SHAPE = /^([^[\]]+)((?:\[[^[\]]*\])*)$/;
const SEGMENT = /\[([^[\]]*)\]/g;
const INDEX = /^(?:0|[1-9][0-9]*)$/;

const shownKey = (key: string): string => (key.length > 60 ? `${key.slice(0, 60)}…` : key);

/** The form field a refused part belongs to (`scopes[3]` → `scopes`), for the answer's `errors`. */
const fieldOf = (name: string | undefined): string | undefined => (name ? shownKey(name.split('[')[0] ?? name) : undefined);

// ---------------------------------------------------------------------------------------------
// expandBrackets
// ---------------------------------------------------------------------------------------------

type Leaf = string | UploadedFile;
type Node = { kind: 'leaf'; value: Leaf } | ListNode | MapNode;
interface ListNode {
  kind: 'list';
  items: Map<number, Node>;
  next: number;
}
interface MapNode {
  kind: 'map';
  entries: Map<string, Node>;
}
/** A segment after the root name: push (`[]`), a numeric index or a name. */
type Segment = { type: 'push' } | { type: 'index'; index: number } | { type: 'name'; name: string };

function parseKey(key: string): { root: string; segments: Segment[] } {
  if (Buffer.byteLength(key) > MAX_FORM_KEY_BYTES) {
    throw badRequest(`El nombre de campo «${shownKey(key)}» supera los ${MAX_FORM_KEY_BYTES} bytes.`);
  }
  const shape = KEY_SHAPE.exec(key);
  if (!shape) throw badRequest(`El nombre de campo «${shownKey(key)}» no es válido.`);
  const root = shape[1] as string;
  const segments: Segment[] = [];
  for (const match of (shape[2] as string).matchAll(SEGMENT)) {
    const raw = match[1] as string;
    if (segments.length === MAX_FORM_DEPTH) {
      throw badRequest(`El campo «${shownKey(key)}» tiene demasiados niveles (máximo ${MAX_FORM_DEPTH}).`);
    }
    if (raw === '') segments.push({ type: 'push' });
    else if (INDEX.test(raw)) {
      // A long digit string is huge, whatever Number() makes of it.
      const index = raw.length > 4 ? Number.MAX_SAFE_INTEGER : Number(raw);
      if (index > MAX_FORM_INDEX) {
        throw badRequest(`El índice del campo «${shownKey(key)}» no puede superar ${MAX_FORM_INDEX}.`);
      }
      segments.push({ type: 'index', index });
    } else segments.push({ type: 'name', name: raw });
  }
  for (const name of [root, ...segments.flatMap((s) => (s.type === 'name' ? [s.name] : []))]) {
    if (FORBIDDEN_SEGMENTS.has(name)) throw badRequest(`El nombre de campo «${shownKey(key)}» no está permitido.`);
  }
  return { root, segments };
}

/**
 * Turns PHP-style form pairs into nested values: `scopes[0]=a&scopes[1]=b` and
 * `scopes[]=a&scopes[]=b` → `{scopes: ['a', 'b']}`, `rate_limit[max_requests]=10` →
 * `{rate_limit: {max_requests: '10'}}`, `plans[0][plan_id]=3` → `{plans: [{plan_id: '3'}]}`.
 *
 * - Numeric indexes make arrays, compacted in index order (`a[5]=x&a[2]=y` → ['y', 'x']);
 *   `a[]` appends (after the highest index so far), `a[][b]=1&a[][c]=2` → [{b}, {c}], as PHP.
 *   Only canonical numbers are indexes: `a[01]` is a name (and so mixing it with `a[0]` is a 400).
 * - The same scalar key twice: the last one wins (PHP semantics; the hidden-input + checkbox
 *   pattern relies on it).
 * - Values stay strings (or files). Objects have a null prototype: `__proto__`, `constructor` and
 *   `prototype` segments are rejected anyway, so no key can reach Object.prototype.
 * - 400 (Spanish message) for: more than 1000 pairs, a key over 100 bytes, more than 5 bracket
 *   levels, an index above 1000, a forbidden segment, malformed brackets (`a[b`, `a]b[`, `[a]`, empty key), a key used
 *   both as a value and as a container (`a=1&a[b]=2`), and a container used both as a list and
 *   as an object (`a[0]=1&a[b]=2`).
 */
export function expandBrackets(pairs: FormPair[]): Record<string, unknown> {
  if (pairs.length > MAX_FORM_PAIRS) {
    throw badRequest(`El formulario tiene demasiados campos (máximo ${MAX_FORM_PAIRS}).`);
  }
  const root: MapNode = { kind: 'map', entries: new Map() };

  for (const [key, value] of pairs) {
    const { root: rootName, segments } = parseKey(key);
    const conflict = () =>
      badRequest(`El campo «${shownKey(key)}» se envió a la vez como valor y como lista u objeto.`);
    const mixed = () => badRequest(`El campo «${shownKey(key)}» mezcla índices numéricos y nombres.`);

    // Each step: the container we are in and the segment that addresses a slot inside it.
    let container: ListNode | MapNode = root;
    let segment: Segment = { type: 'name', name: rootName };
    for (let i = 0; ; i++) {
      const following = segments[i];
      // Resolve the slot address within the current container.
      let slot: number | string;
      if (container.kind === 'list') {
        if (segment.type === 'name') throw mixed();
        if (segment.type === 'push') {
          if (container.next > MAX_FORM_INDEX) {
            throw badRequest(`El índice del campo «${shownKey(key)}» no puede superar ${MAX_FORM_INDEX}.`);
          }
          slot = container.next;
        } else slot = segment.index;
        container.next = Math.max(container.next, slot + 1);
      } else {
        if (segment.type !== 'name') throw mixed();
        slot = segment.name;
      }
      const existing: Node | undefined =
        container.kind === 'list' ? container.items.get(slot as number) : container.entries.get(slot as string);

      if (following === undefined) {
        // The leaf.
        if (existing && existing.kind !== 'leaf') throw conflict();
        const leaf: Node = { kind: 'leaf', value };
        if (container.kind === 'list') container.items.set(slot as number, leaf);
        else container.entries.set(slot as string, leaf);
        break;
      }

      // A container: its kind is set by the segment that addresses into it.
      const wanted = following.type === 'name' ? 'map' : 'list';
      let child: ListNode | MapNode;
      if (existing === undefined) {
        child = wanted === 'map' ? { kind: 'map', entries: new Map() } : { kind: 'list', items: new Map(), next: 0 };
        if (container.kind === 'list') container.items.set(slot as number, child);
        else container.entries.set(slot as string, child);
      } else if (existing.kind === 'leaf') {
        throw conflict();
      } else if (existing.kind !== wanted) {
        throw mixed();
      } else {
        child = existing;
      }
      container = child;
      segment = following;
    }
  }

  return materialize(root) as Record<string, unknown>;
}

function materialize(node: Node): unknown {
  if (node.kind === 'leaf') return node.value;
  if (node.kind === 'list') {
    return [...node.items.entries()].sort(([a], [b]) => a - b).map(([, child]) => materialize(child));
  }
  const out = Object.create(null) as Record<string, unknown>;
  for (const [name, child] of node.entries) out[name] = materialize(child);
  return out;
}

/** `a=1&b[]=2` → pairs, at most MAX_FORM_PAIRS of them. */
export function urlencodedPairs(body: string): FormPair[] {
  const pairs: FormPair[] = [];
  for (const pair of new URLSearchParams(body)) {
    if (pairs.length === MAX_FORM_PAIRS) {
      throw badRequest(`El formulario tiene demasiados campos (máximo ${MAX_FORM_PAIRS}).`);
    }
    pairs.push(pair);
  }
  return pairs;
}

// ---------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------

const ALLOWED_TYPES = 'application/json, multipart/form-data o application/x-www-form-urlencoded';

/**
 * The Spanish AppError for a body error fastify raised, or undefined when `err` is not one. The
 * central error handler should call it before its generic 500 path.
 */
export function bodyErrorToAppError(err: unknown): AppError | undefined {
  if (err instanceof AppError) return err;
  if (typeof err !== 'object' || err === null) return undefined;
  const code = (err as { code?: unknown }).code;
  switch (code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return badRequest('El cuerpo JSON no es válido.');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return tooLarge();
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return badRequest('La cabecera Content-Length no coincide con el cuerpo enviado.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return unsupportedMediaType(`Tipo de contenido no admitido. Usa ${ALLOWED_TYPES}.`);
    default:
      return undefined;
  }
}

const invalidMultipart = (cause: unknown): AppError => {
  const error = badRequest('El cuerpo multipart/form-data no es válido.');
  error.cause = cause;
  return error;
};

// ---------------------------------------------------------------------------------------------
// Multipart
// ---------------------------------------------------------------------------------------------

const kTempFiles = Symbol('tempFiles');
type WithTempFiles = FastifyRequest & { [kTempFiles]: TempFiles | null };

/**
 * Reads a multipart body as it arrives: text fields into memory (64 KB each), each file into a
 * temp file of the request (10 MB each, 2 at most), every byte counted against the route's body
 * limit. The first limit crossed stops the reading with a Spanish 4xx, and the answer closes the
 * connection without reading the rest (see closeWithoutReading).
 */
function readMultipart(request: FastifyRequest, payload: Readable, tmpDir: string): Promise<Record<string, unknown>> {
  const limit = request.routeOptions.bodyLimit ?? MAX_REQUEST_BYTES;
  const uploadLimit = request.routeOptions.config.uploadLimit;
  if (Number(request.headers['content-length']) > limit) return Promise.reject(uploadLimit ? payloadTooLarge(uploadLimit.message, 'file') : tooLarge());

  return new Promise((resolve, reject) => {
    let parser: InstanceType<typeof Busboy>;
    try {
      parser = new Busboy({
        headers: request.headers as BusboyHeaders,
        limits: {
          fieldSize: MAX_FORM_FIELD_BYTES,
          fields: MAX_FORM_PAIRS,
          fileSize: uploadLimit?.bytes ?? MAX_UPLOAD_BYTES,
          files: MAX_FORM_FILES,
          parts: MAX_FORM_PAIRS + MAX_FORM_FILES,
        },
      });
    } catch (err) {
      // No boundary, or a Content-Type busboy cannot read.
      reject(invalidMultipart(err));
      return;
    }

    const temp = ((request as WithTempFiles)[kTempFiles] ??= new TempFiles(tmpDir));
    /** In arrival order; a file's pair settles when its temp file is written (null: an empty input). */
    const entries: (FormPair | Promise<FormPair | null>)[] = [];
    const files = new Set<Readable>();
    let received = 0;
    let settled = false;

    const stop = () => {
      settled = true;
      payload.off('data', onData);
      payload.off('end', onEnd);
      payload.off('error', onAborted);
      payload.off('close', onClose);
      for (const file of files) file.destroy();
    };
    const fail = (error: Error) => {
      if (settled) return;
      stop();
      payload.pause();
      reject(error);
    };
    /** A parse error is the client's (400); a disk error is ours (500, logged). */
    const failWith = (error: unknown) =>
      fail(error instanceof AppError || (error as NodeJS.ErrnoException).syscall ? (error as Error) : invalidMultipart(error));

    parser.on('field', (name: string | undefined, value: string, _nameTruncated: boolean, valueTruncated: boolean) => {
      if (valueTruncated) {
        const kilobytes = MAX_FORM_FIELD_BYTES / 1024;
        fail(payloadTooLarge(`El campo «${shownKey(name ?? '')}» supera el máximo de ${kilobytes} KB.`, fieldOf(name)));
        return;
      }
      entries.push([name ?? '', value]);
    });

    parser.on('file', (name: string | undefined, stream: Readable, filename: string | undefined) => {
      files.add(stream);
      // busboy truncates a file at the size limit and says so with 'limit'.
      stream.once('limit', () => fail(payloadTooLarge(uploadLimit?.message, fieldOf(name))));
      const entry = temp.write(stream).then(({ path, size, kind }): FormPair | null => {
        files.delete(stream);
        // A browser's untouched file input: no name, no bytes.
        if (!filename && size === 0) return null;
        const fieldname = name ?? '';
        return [fieldname, new UploadedFile({ fieldname, filename: filename ?? '', kind, size, path })];
      });
      // Observed here so a write cut short by a failure is not an unhandled rejection.
      entry.catch(failWith);
      entries.push(entry);
    });

    parser.on('filesLimit', () => fail(badRequest(`Se enviaron demasiados archivos (máximo ${MAX_FORM_FILES}).`)));
    const tooManyFields = () => fail(badRequest(`El formulario tiene demasiados campos (máximo ${MAX_FORM_PAIRS}).`));
    parser.on('fieldsLimit', tooManyFields);
    parser.on('partsLimit', tooManyFields);

    parser.on('error', (err: unknown) => {
      // No bytes at all is an empty form, as for the other content types.
      if (received === 0 && !settled) {
        stop();
        resolve({});
        return;
      }
      failWith(err);
    });

    parser.on('finish', () => {
      Promise.all(entries).then(
        (pairs) => {
          if (settled) return;
          try {
            const body = expandBrackets(pairs.filter((pair): pair is FormPair => pair !== null));
            stop();
            resolve(body);
          } catch (err) {
            failWith(err);
          }
        },
        failWith,
      );
    });

    function onData(chunk: Buffer) {
      received += chunk.length;
      if (received > limit) {
        fail(tooLarge());
        return;
      }
      // busboy's back-pressure reaches the socket: a slow disk slows the client, not memory.
      if (!parser.write(chunk)) {
        payload.pause();
        parser.once('drain', () => {
          if (!settled) payload.resume();
        });
      }
    }
    function onEnd() {
      parser.end();
    }
    function onAborted() {
      fail(badRequest('La petición se cortó antes de terminar de enviar el formulario.'));
    }
    function onClose() {
      if (!payload.readableEnded) onAborted();
    }

    payload.on('data', onData);
    payload.once('end', onEnd);
    payload.once('error', onAborted);
    payload.once('close', onClose);
  });
}

// ---------------------------------------------------------------------------------------------
// The plugin
// ---------------------------------------------------------------------------------------------

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
};

/** Removes `_method` from an object body and records PUT/PATCH on a POST. */
function applyMethodOverride(request: FastifyRequest): void {
  const body = request.body;
  if (!isPlainObject(body) || !Object.hasOwn(body, '_method')) return;
  const raw = body._method;
  delete body._method;
  const method = typeof raw === 'string' ? raw.trim().toUpperCase() : '';
  if (method !== 'PUT' && method !== 'PATCH') throw badRequest('El valor de _method no es válido.');
  if (request.method === 'POST') request.methodOverride = method;
}

const hasNoBody = (request: FastifyRequest): boolean =>
  request.headers['transfer-encoding'] === undefined &&
  (request.headers['content-length'] === undefined || request.headers['content-length'] === '0');

/** The media type of a Content-Type header, lower case: 'multipart/form-data; boundary=x' → 'multipart/form-data'. */
const mediaType = (request: FastifyRequest): string =>
  (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();

export interface BodyPluginOptions {
  /** Where uploads wait while their request runs (default: the system's temp folder). */
  tmpDir?: string;
}

const plugin: FastifyPluginAsync<BodyPluginOptions> = async (app, { tmpDir = os.tmpdir() }) => {
  app.decorateRequest('methodOverride', undefined);
  app.decorateRequest(kTempFiles, null);

  // Public routes take small bodies (any content type: fastify's parsers and readMultipart both
  // use the route's limit); a route that sets its own bodyLimit keeps it.
  app.addHook('onRoute', (route) => {
    if (route.config?.access === 'public' && route.bodyLimit === undefined) route.bodyLimit = MAX_PUBLIC_REQUEST_BYTES;
  });

  app.addContentTypeParser('multipart/form-data', (request: FastifyRequest, payload: IncomingMessage) =>
    readMultipart(request, payload, tmpDir),
  );

  // fastify's own JSON parsing (proto and constructor poisoning refused), except that no bytes
  // read as {}: a client that sends `Content-Type: application/json` on every call, a logout
  // or a DELETE included, must not get a 400 for an empty body.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') done(null, {});
    else parseJson(request, body as string, done);
  });

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, expandBrackets(urlencodedPairs(body as string)));
    } catch (err) {
      done(err as Error, undefined);
    }
  });

  // Only JSON, multipart and url-encoded bodies: text/plain goes too, so it gets the same 415.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('*', (request, _payload, done) => {
    if (hasNoBody(request)) {
      done(null, undefined);
      return;
    }
    const type = request.headers['content-type'];
    done(
      unsupportedMediaType(
        type
          ? `Tipo de contenido no admitido: ${shownKey(type.split(';')[0]?.trim() ?? type)}. Usa ${ALLOWED_TYPES}.`
          : `Falta la cabecera Content-Type. Usa ${ALLOWED_TYPES}.`,
      ),
      undefined,
    );
  });

  app.addHook('onRequest', async (request, reply) => {
    // 'close' comes once the answer is sent or the client is gone, after the handler is done with
    // the files either way.
    if (mediaType(request) === 'multipart/form-data') {
      reply.raw.once('close', () => {
        void (request as WithTempFiles)[kTempFiles]?.release().catch((err: unknown) => {
          request.log.error({ err }, 'could not remove the temp files of an upload');
        });
      });
    }
  });

  app.addHook('preValidation', async (request) => {
    // fastify skips parsing a DELETE or OPTIONS with no Content-Length: the same {} as above.
    if (request.body === undefined && mediaType(request) === 'application/json') request.body = {};
    applyMethodOverride(request);
  });

  app.addHook('onSend', async (request, reply) => {
    // `complete` is Node's "the whole message arrived" (light-my-request has no such flag).
    if (request.raw.complete === false && !hasNoBody(request)) closeWithoutReading(request, reply);
  });
};

/** How long a connection answered early stays open, unread, so that the client reads the answer. */
const LINGER_MS = 2000;

/**
 * An answer sent before the request's body was read in full (a 401, a 413) closes the connection
 * without reading the rest of the body. Left alone, Node either reads all of it to reuse the
 * connection, or (with `Connection: close`) destroys the socket while the client is still
 * sending, and the TCP reset that follows can discard the answer before the client has read it.
 * So: `Connection: close`, and once the answer is out, reading stops, a FIN follows the answer
 * and the socket is destroyed a moment later.
 */
function closeWithoutReading(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('connection', 'close');
  const socket = request.raw.socket as Socket | null;
  if (!socket) return;
  // Node calls destroySoon() on the socket once an answer with `Connection: close` is written.
  socket.destroySoon = () => {
    socket.end();
    // Node drains an unread request by resuming it, which resumes the socket; its http server
    // reads nothing from a socket flagged `_paused` (its own flag for holding back pipelined
    // requests), whatever asks the request to flow.
    (socket as Socket & { _paused?: boolean })._paused = true;
    socket.pause();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
}

// fastify-plugin semantics without the dependency: the parsers and the hook apply to the whole app.
Object.assign(plugin, {
  [Symbol.for('skip-override')]: true,
  [Symbol.for('fastify.display-name')]: 'body',
});

export const bodyPlugin: FastifyPluginAsync<BodyPluginOptions> = plugin;
