import { successEnvelope } from '@contract/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestContext, type TestContext } from './support/context';

/**
 * Every answer but a list's or a detail's is written by its route's zod schema (server/http/list.ts):
 * with or without CHECK_ANSWERS, only the schema's keys reach the client, in its order, and an
 * answer that lacks a required key fails rather than going out short.
 */
const item = z.object({
  id: z.number().int(),
  name: z.string(),
  owner: z.object({ id: z.number().int(), name: z.string() }).optional(),
});
const answer = successEnvelope(z.array(item));

describe.each([true, false])('an answer written by its zod schema (CHECK_ANSWERS %s)', (checkAnswers) => {
  let ctx: TestContext;
  let data: unknown[] = [];
  beforeAll(async () => {
    ctx = await createTestContext({ checkAnswers });
    ctx.app.get('/api/v1/answer-probe', { config: { access: 'public' }, schema: { response: { 200: answer } } }, async () => ({ data, message: null, status: 'success' }));
  });
  afterAll(() => ctx.close());

  it('leaves out the keys the contract does not declare, at every depth, and writes the schema’s order', async () => {
    data = [{ password_hash: 'secreto', name: 'Asistencia "Hogar" — Bogotá\n', id: 7, owner: { email: 'ana@x.co', name: 'Ana', id: 1 } }];
    const response = await ctx.inject({ method: 'GET', url: '/api/v1/answer-probe' });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('secreto');
    expect(response.body).not.toContain('ana@x.co');
    expect(response.body).toBe(JSON.stringify({ status: 'success', message: null, data: [{ id: 7, name: 'Asistencia "Hogar" — Bogotá\n', owner: { id: 1, name: 'Ana' } }] }));
  });

  it('refuses an answer that lacks a required key, or carries a value of another type', async () => {
    for (const wrong of [[{ id: 7 }], [{ id: 7, name: 42 }]]) {
      data = wrong;
      const response = await ctx.inject({ method: 'GET', url: '/api/v1/answer-probe' });
      expect(response.statusCode).toBe(500);
      expect(response.body).not.toContain('"id":7');
    }
  });
});
