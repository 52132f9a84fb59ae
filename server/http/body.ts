/**
 * The one body normaliser: JSON, multipart/form-data and application/x-www-form-urlencoded all
 * reach the handlers (and their zod schemas) as the same shape. Form keys use PHP-style brackets
 * (`scopes[0]`, `plans[0][plan_id]`, `rate_limit[max_requests]`); form values stay strings (the zod
 * schemas turn '1'/'true' into booleans, because a DNI '1' must stay a string). Files become
 * `UploadedFile`s whose kind comes from their bytes (see uploads.ts).
 *
 * `bodyPlugin` must be registered on the root instance BEFORE any plugin that declares routes:
 * fastify copies content-type parsers and hooks into a child context when the child is created.
 *
 * What it installs (on the whole app; it skips encapsulation):
 * - @fastify/multipart (file 10 MB, 10 files, 1000 fields, 1 MB per field) and a preValidation
 *   hook that reads every part into `request.body` (files buffered in memory).
 * - A parser for application/x-www-form-urlencoded (app bodyLimit).
 * - The removal of fastify's default text/plain parser and a catch-all parser, so any content
 *   type other than JSON, multipart and url-encoded is a 415 with a Spanish message.
 * - `_method`: a top-level `_method` key is removed from every object body; on a POST, PUT or
 *   PATCH (any case) is recorded on `request.methodOverride`; any other value is a 400.
 *
 * Errors the CENTRAL ERROR HANDLER must map (fastify raises them before this plugin's code runs,
 * or in its own parsers): call `bodyErrorToAppError(err)` first; it covers
 *   FST_ERR_CTP_INVALID_JSON_BODY (400, also prototype-poisoned JSON), FST_ERR_CTP_EMPTY_JSON_BODY
 *   (400, e.g. a DELETE sent with `content-type: application/json` and no body),
 *   FST_ERR_CTP_BODY_TOO_LARGE (413), FST_ERR_CTP_INVALID_CONTENT_LENGTH (400),
 *   FST_ERR_CTP_INVALID_MEDIA_TYPE (415, an unparsable Content-Type header), and the
 *   @fastify/multipart codes FST_REQ_FILE_TOO_LARGE, FST_FILES_LIMIT, FST_FIELDS_LIMIT,
 *   FST_PARTS_LIMIT, FST_PROTO_VIOLATION, FST_INVALID_JSON_FIELD_ERROR, FST_MP_PREMATURE_CLOSE,
 *   FST_INVALID_MULTIPART_CONTENT_TYPE (this plugin already maps those while reading parts; the
 *   mapping matters only if some code reads parts itself).
 * Everything else this module throws is already an AppError.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { AppError, badRequest, payloadTooLarge, unsupportedMediaType } from './errors';
import { MAX_UPLOAD_BYTES, MIME_BY_KIND, detectFileKind, type FileKind } from './uploads';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when a POST carried `_method=PUT|PATCH`: treat the request as that method. */
    methodOverride?: 'PUT' | 'PATCH';
  }
}

export interface UploadedFile {
  fieldname: string;
  /** As the client sent it: untrusted, never use it as a path. */
  filename: string;
  /** Derived from `kind` (application/octet-stream when unknown), never the declared type. */
  mimetype: string;
  kind: FileKind;
  size: number;
  buffer: Buffer;
}

export type FormPair = [key: string, value: string | UploadedFile];

/** Most key/value pairs a form body may carry. */
export const MAX_FORM_PAIRS = 1000;
/** Most bracket levels in a key: `a[b][c][d][e][f]` has 5. */
export const MAX_FORM_DEPTH = 5;
/** Largest numeric index in a key: `a[1000]`. */
export const MAX_FORM_INDEX = 1000;
/** Most files per multipart request. */
export const MAX_FORM_FILES = 10;
/** Largest multipart text field, in bytes. */
export const MAX_FORM_FIELD_BYTES = 1024 * 1024;

const FORBIDDEN_SEGMENTS = new Set(['__proto__', 'constructor', 'prototype']);
const KEY_SHAPE = /^([^[\]]+)((?:\[[^[\]]*\])*)$/;
const SEGMENT = /\[([^[\]]*)\]/g;
const INDEX = /^(?:0|[1-9][0-9]*)$/;

const shownKey = (key: string): string => (key.length > 60 ? `${key.slice(0, 60)}…` : key);

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
 * - 400 (Spanish message) for: more than 1000 pairs, more than 5 bracket levels, an index above
 *   1000, a forbidden segment, malformed brackets (`a[b`, `a]b[`, `[a]`, empty key), a key used
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
 * The Spanish AppError for a body error fastify or @fastify/multipart raised, or undefined when
 * `err` is not one. The central error handler should call it before its generic 500 path.
 */
export function bodyErrorToAppError(err: unknown): AppError | undefined {
  if (err instanceof AppError) return err;
  if (typeof err !== 'object' || err === null) return undefined;
  const code = (err as { code?: unknown }).code;
  switch (code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return badRequest('El cuerpo JSON no es válido.');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return badRequest('El cuerpo JSON está vacío.');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError(413, 'El cuerpo de la petición es demasiado grande.');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return badRequest('La cabecera Content-Length no coincide con el cuerpo enviado.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return unsupportedMediaType(`Tipo de contenido no admitido. Usa ${ALLOWED_TYPES}.`);
    case 'FST_REQ_FILE_TOO_LARGE':
      return payloadTooLarge();
    case 'FST_FILES_LIMIT':
      return badRequest(`Se enviaron demasiados archivos (máximo ${MAX_FORM_FILES}).`);
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return badRequest(`El formulario tiene demasiados campos (máximo ${MAX_FORM_PAIRS}).`);
    case 'FST_PROTO_VIOLATION':
      return badRequest('El formulario contiene un nombre de campo no permitido.');
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return badRequest('Un campo del formulario declarado como JSON no es JSON válido.');
    case 'FST_MP_PREMATURE_CLOSE':
      return badRequest('La petición se cortó antes de terminar de enviar el formulario.');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return unsupportedMediaType('La petición no es multipart/form-data.');
    default:
      return undefined;
  }
}

/** Any error while reading multipart parts → AppError (busboy's own parse errors → 400). */
function multipartError(err: unknown): AppError {
  const mapped = bodyErrorToAppError(err);
  if (mapped) return mapped;
  const appError = badRequest('El cuerpo multipart/form-data no es válido.');
  appError.cause = err;
  return appError;
}

// ---------------------------------------------------------------------------------------------
// The plugin
// ---------------------------------------------------------------------------------------------

async function readMultipart(request: FastifyRequest): Promise<Record<string, unknown>> {
  const pairs: FormPair[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        const filename = part.filename ?? '';
        // A browser's untouched file input: no name, no bytes.
        if (filename === '' && buffer.length === 0) continue;
        const kind = detectFileKind(buffer);
        pairs.push([
          part.fieldname,
          {
            fieldname: part.fieldname,
            filename,
            mimetype: kind === 'unknown' ? 'application/octet-stream' : MIME_BY_KIND[kind],
            kind,
            size: buffer.length,
            buffer,
          },
        ]);
      } else {
        if (part.fieldnameTruncated) {
          throw badRequest(`El nombre de campo «${shownKey(part.fieldname)}…» es demasiado largo.`);
        }
        if (part.valueTruncated) {
          throw new AppError(413, `El campo ${shownKey(part.fieldname)} supera el máximo de 1 MB.`);
        }
        if (typeof part.value !== 'string') {
          throw badRequest(`El campo ${shownKey(part.fieldname)} debe enviarse como texto.`);
        }
        if (pairs.length === MAX_FORM_PAIRS) {
          throw badRequest(`El formulario tiene demasiados campos (máximo ${MAX_FORM_PAIRS}).`);
        }
        pairs.push([part.fieldname, part.value]);
      }
    }
  } catch (err) {
    throw multipartError(err);
  }
  return expandBrackets(pairs);
}

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

const plugin: FastifyPluginAsync = async (app) => {
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: {
      fileSize: MAX_UPLOAD_BYTES,
      files: MAX_FORM_FILES,
      fields: MAX_FORM_PAIRS,
      fieldSize: MAX_FORM_FIELD_BYTES,
    },
  });

  app.decorateRequest('methodOverride', undefined);

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

  app.addHook('preValidation', async (request) => {
    if (request.isMultipart()) request.body = await readMultipart(request);
    applyMethodOverride(request);
  });
};

// fastify-plugin semantics without the dependency: the parsers and the hook apply to the whole app.
Object.assign(plugin, {
  [Symbol.for('skip-override')]: true,
  [Symbol.for('fastify.display-name')]: 'body',
});

export const bodyPlugin: FastifyPluginAsync = plugin;
