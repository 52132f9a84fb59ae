/**
 * How every JSON answer is written: by a serializer compiled once per route from the route's zod
 * schema (fast-json-stringify over the schema's JSON Schema). Like zod's pass it keeps only the
 * declared keys, in the schema's order, so a column a presenter forgets to leave out never reaches
 * a client, and a missing required key fails the answer. zod's pass over every answer (its check,
 * then JSON.stringify) was 10–15 % of the API's CPU on large pages: a DSP search with its staff.
 *
 * `check` (CHECK_ANSWERS; the tests and `npm run dev` set it): zod's check runs too, as before, and
 * the compiled text must be the very text zod's answer gives. A wrong type (a number where the
 * contract says text) or two serializers that disagree fail the answer with a 500 there, so the
 * tests catch what the compiled serializer alone would have written.
 */
import fastJsonStringify from 'fast-json-stringify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

export type AnswerSerializer = (data: unknown) => string;

/** The route's answer schema as fastify hands it over: the zod schema itself, or under `properties`. */
const zodSchemaOf = (schema: unknown): z.ZodType => {
  if (schema instanceof z.ZodType) return schema;
  const inner = (schema as { properties?: unknown } | null)?.properties;
  if (inner instanceof z.ZodType) return inner;
  throw new Error(`Esquema de respuesta que no es de zod: ${JSON.stringify(schema)}`);
};

/**
 * The compiled serializers, by their JSON Schema's text: each app builds its routes' zod schemas
 * anew, and compiling one takes milliseconds, so equal schemas share one serializer per process
 * (in the tests, every app of a worker). Bounded, the oldest dropped first: sparse answers add a
 * schema per combination of fields a client asks for.
 */
const compiledByJsonSchema = new Map<string, AnswerSerializer>();
const COMPILED_KEPT = 1000;

function compiledFor(schema: z.ZodType): AnswerSerializer {
  const jsonSchema = z.toJSONSchema(schema, { io: 'output', target: 'draft-7' });
  const key = JSON.stringify(jsonSchema);
  let compiled = compiledByJsonSchema.get(key);
  if (!compiled) {
    compiled = fastJsonStringify(jsonSchema as Parameters<typeof fastJsonStringify>[0]);
    if (compiledByJsonSchema.size >= COMPILED_KEPT) compiledByJsonSchema.delete(compiledByJsonSchema.keys().next().value!);
    compiledByJsonSchema.set(key, compiled);
  }
  return compiled;
}

/**
 * The serializer of one answer schema; `route` names it in the error of a failed answer. It is
 * compiled at the route's first answer, not when the route is added: compiling every route's
 * schemas took 0.4 s of each start (each API test file starts an app).
 */
export function compileAnswerSerializer(schema: unknown, route: { method: string; url: string }, check: boolean): AnswerSerializer {
  const zodSchema = zodSchemaOf(schema);
  let compiled: AnswerSerializer | undefined;
  const write: AnswerSerializer = (data) => (compiled ??= compiledFor(zodSchema))(data);
  if (!check) return write;
  return (data) => {
    const checked = z.safeEncode(zodSchema, data);
    if (checked.error) throw new ResponseSerializationError(route.method, route.url, { cause: checked.error });
    const expected = JSON.stringify(checked.data);
    const written = write(data);
    if (written !== expected) {
      throw new Error(`El serializador compilado de ${route.method} ${route.url} escribe otra respuesta que zod:\n${written}\n${expected}`);
    }
    return written;
  };
}

/** fastify's `setSerializerCompiler`: one compiled serializer per route and status. */
export const answerSerializerCompiler =
  (check: boolean) =>
  ({ schema, method, url }: { schema: unknown; method: string; url: string }): AnswerSerializer =>
    compileAnswerSerializer(schema, { method, url }, check);
