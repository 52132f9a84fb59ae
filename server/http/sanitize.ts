/**
 * The one text sanitation point: every string a client sends (path params, query string, body;
 * values and keys alike) is checked here, once, before any schema or handler sees it.
 *
 * Refused:
 * - NUL (U+0000): PostgreSQL cannot store it in text or jsonb, so it would end as a driver
 *   error (a 500) far from the field that carried it.
 * - A lone UTF-16 surrogate (only a JSON `\uD800` escape can make one): the driver would store
 *   U+FFFD in its place, silently changing what the client sent.
 * - A body or query nested deeper than MAX_INPUT_DEPTH levels: no form or screen needs it, and
 *   it keeps later recursive code (validation, logging, serialisation) off the edge of the stack.
 * Other control characters (tab, new line…) are ordinary text and pass.
 *
 * Answers: a path or query parameter → 400 naming the parameter; a body field → 422 with the
 * error on that field (named as the panel names it, `plans.0.name`), like any invalid field.
 *
 * Registered on the root instance after the body plugin, as a preValidation hook, so it sees
 * every body already parsed, multipart included (the body plugin's parser and hooks run first).
 *
 * Path params are record ids, and the server refuses to start when a route's `:param` is not
 * parsed by the one id parser (`recordIdParam`), so no route can pass an unchecked id on.
 */
import { recordIdParam } from '@contract/common';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest, validationFailed } from './errors';
import { isUploadedFile } from './file-field';

/** Most nesting levels accepted in a body or a query (a form allows 6: a name and 5 brackets). */
export const MAX_INPUT_DEPTH = 32;

// In a `u` regex a surrogate range matches only unpaired surrogates: a valid pair is one code point.
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

const hasForbiddenCharacter = (text: string): boolean => text.includes('\u0000') || LONE_SURROGATE.test(text);

interface Step {
  value: unknown;
  key: string | null;
  parent: Step | null;
  depth: number;
}

const pathOf = (step: Step): string[] => {
  const keys: string[] = [];
  for (let at: Step | null = step; at !== null; at = at.parent) if (at.key !== null) keys.unshift(at.key);
  return keys;
};

/** Names as the messages show them: forbidden characters made visible, long names cut. */
const shown = (name: string): string => {
  const visible = name.replaceAll('\u0000', '\\0').replace(new RegExp(LONE_SURROGATE.source, 'gu'), '\uFFFD');
  return visible.length > 60 ? `${visible.slice(0, 60)}…` : visible;
};

type Problem = { kind: 'character' | 'depth'; path: string[] };

/**
 * The first forbidden character or excess nesting in `input`, or null. Iterative, so that a
 * deeply nested input cannot overflow the stack here. Uploaded files are not looked into: their
 * bytes are not text and their client-side name is never stored.
 */
function findProblem(input: unknown): Problem | null {
  const stack: Step[] = [{ value: input, key: null, parent: null, depth: 0 }];
  while (stack.length > 0) {
    const step = stack.pop()!;
    const { value } = step;
    if (typeof value === 'string') {
      if (hasForbiddenCharacter(value)) return { kind: 'character', path: pathOf(step) };
      continue;
    }
    if (typeof value !== 'object' || value === null || isUploadedFile(value)) continue;
    if (step.depth === MAX_INPUT_DEPTH) return { kind: 'depth', path: pathOf(step) };
    const entries: [string, unknown][] = Array.isArray(value)
      ? value.map((item, index) => [String(index), item])
      : Object.entries(value as Record<string, unknown>);
    // Pushed in reverse, so the first offending field in document order is the one reported.
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!;
      const childStep: Step = { value: child, key, parent: step, depth: step.depth + 1 };
      if (hasForbiddenCharacter(key)) return { kind: 'character', path: pathOf(childStep) };
      stack.push(childStep);
    }
  }
  return null;
}

/** A path or query parameter: the key as the client wrote it (`filter[q]`, `id`). */
const parameterName = (path: string[]): string =>
  path.length === 0 ? '' : path[0]! + path.slice(1).map((key) => `[${key}]`).join('');

function checkParameters(input: unknown): void {
  const problem = findProblem(input);
  if (!problem) return;
  const name = shown(parameterName(problem.path));
  if (problem.kind === 'depth') throw badRequest(`El parámetro ${name} tiene demasiados niveles (máximo ${MAX_INPUT_DEPTH}).`);
  throw badRequest(`El parámetro ${name} contiene caracteres no válidos (carácter nulo o sustituto suelto).`);
}

function checkBody(input: unknown): void {
  const problem = findProblem(input);
  if (!problem) return;
  if (problem.kind === 'depth') {
    throw badRequest(`El cuerpo de la petición tiene demasiados niveles de anidamiento (máximo ${MAX_INPUT_DEPTH}).`);
  }
  const field = shown(problem.path.join('.')) || '_';
  throw validationFailed(
    { [field]: ['Contiene caracteres no válidos (carácter nulo o sustituto suelto).'] },
    `El campo ${field} contiene caracteres no válidos.`,
  );
}

const PATH_PARAM = /:([A-Za-z_][A-Za-z0-9_]*)/g;

/** Installs the checks on every route registered after it. */
export function registerInputSanitation(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const names = [...route.url.matchAll(PATH_PARAM)].map((match) => match[1]!);
    if (names.length === 0) return;
    const params: unknown = route.schema?.params;
    const shape = params instanceof z.ZodObject ? (params.shape as Record<string, unknown>) : {};
    const unchecked = names.filter((name) => !Object.hasOwn(shape, name) || shape[name] !== recordIdParam);
    if (unchecked.length > 0) {
      throw new Error(`La ruta ${String(route.method)} ${route.url} no valida ${unchecked.join(', ')} con recordIdParam (contract/common.ts)`);
    }
  });

  app.addHook('preValidation', async (request) => {
    checkParameters(request.params);
    checkParameters(request.query);
    checkBody(request.body);
  });
}
