import type { z } from 'zod';
import { invalid } from './envelope';

/** A form's pairs as text, a file as `file:<its name>`: what the tests read back of a write. */
export async function formFields(request: Request): Promise<Record<string, string>> {
  const form = await request.formData();
  const fields: Record<string, string> = {};
  for (const [key, value] of form.entries()) fields[key] = typeof value === 'string' ? value : `file:${value.name}`;
  return fields;
}

/** A JSON body without the `_method` override the server strips from every body. */
export async function jsonBody(request: Request): Promise<Record<string, unknown>> {
  const { _method: _override, ...body } = (await request.json()) as Record<string, unknown>;
  return body;
}

/** The body as the contract's schemas read it, sent as JSON or as a form. */
export async function jsonOrFormBody(request: Request): Promise<Record<string, unknown>> {
  return request.headers.get('content-type')?.includes('application/json') ? jsonBody(request) : formBody(await formFields(request));
}

const isIndex = (segment: string) => segment === '' || /^\d+$/.test(segment);

/**
 * The form's pairs as the server's body parser hands them to the schemas: PHP-style brackets
 * nested (`plans[0]` → `plans: [...]`, `meta[city]` → `meta: {city}`), `_method` and files left out.
 */
export function formBody(fields: Record<string, string>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (key === '_method' || value.startsWith('file:')) continue;
    const [root = key, ...segments] = key.replace(/\]/g, '').split('[');
    let container: Record<string, unknown> | unknown[] = body;
    let slot: string = root;
    for (const segment of segments) {
      const holder = container as Record<string, unknown>;
      holder[slot] ??= isIndex(segment) ? [] : {};
      container = holder[slot] as Record<string, unknown> | unknown[];
      slot = segment === '' ? String((container as unknown[]).length) : segment;
    }
    (container as Record<string, unknown>)[slot] = value;
  }
  return body;
}

/** Zod's issues as the server's 422 lists them: one list of messages per dotted field path. */
export function issuesByField(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) (errors[issue.path.join('.') || '_'] ??= []).push(issue.message);
  return errors;
}

/** `body` as the contract's body schema reads it, or the 422 the server answers when it refuses it. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> | Response {
  const parsed = schema.safeParse(body);
  return parsed.success ? parsed.data : invalid(issuesByField(parsed.error));
}
