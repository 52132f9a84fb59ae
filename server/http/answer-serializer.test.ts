import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileAnswerSerializer } from './answer-serializer';

const route = { method: 'GET', url: '/api/v1/cosas' };
const item = z.object({
  id: z.number().int(),
  name: z.string(),
  price: z.string().nullable(),
  status: z.enum(['ACTIVE', 'INACTIVE']),
  settings: z.record(z.string(), z.unknown()),
  tags: z.array(z.string()),
  owner: z.object({ id: z.number().int(), name: z.string() }).optional(),
});
const answer = z.object({ status: z.literal('success'), data: z.array(item) });

const row = { id: 7, name: 'Asistencia "Hogar" — Bogotá\n', price: null, status: 'ACTIVE' as const, settings: { b: 1, a: [true, null] }, tags: ['grúa'] };

describe.each([false, true])('the compiled answer serializer (check %s)', (check) => {
  const serialize = compileAnswerSerializer(answer, route, check);

  it('writes the very text zod and JSON.stringify write, in the schema’s order', () => {
    const data = { data: [{ ...row, owner: { name: 'Ana', id: 1 } }, row], status: 'success' as const };
    expect(serialize(data)).toBe(JSON.stringify(z.encode(answer, data)));
    expect(Object.keys(JSON.parse(serialize(data)))).toEqual(['status', 'data']);
  });

  it('leaves out the keys the contract does not declare, at every depth', () => {
    const text = serialize({ status: 'success', data: [{ ...row, password_hash: 'secreto', owner: { id: 1, name: 'Ana', email: 'ana@x.co' } }] });
    expect(text).not.toContain('secreto');
    expect(text).not.toContain('ana@x.co');
  });

  it('refuses an answer that lacks a required field', () => {
    const { name: _name, ...withoutName } = row;
    expect(() => serialize({ status: 'success', data: [withoutName] })).toThrow();
  });
});

describe('with CHECK_ANSWERS', () => {
  it('refuses a wrong type that the compiled serializer alone would write', () => {
    const data = { status: 'success', data: [{ ...row, name: 42 }] };
    expect(compileAnswerSerializer(answer, route, false)(data)).toContain('"name":"42"');
    expect(() => compileAnswerSerializer(answer, route, true)(data)).toThrow(ResponseSerializationError);
  });
});
