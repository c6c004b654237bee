import { isDeepStrictEqual } from 'node:util';
import fastJsonStringify from 'fast-json-stringify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { zodToJsonSchema } from 'zod-to-json-schema';

/**
 * The answers every screen asks for (docs/performance.md): outside the tests they are written
 * by a serializer compiled from their schema (fast-json-stringify) instead of parsed by zod,
 * which costs a fifth of such a request. Like zod, the compiled serializer writes only the
 * fields the schema names.
 */
export const COMPILED_ANSWERS: ReadonlySet<string> = new Set(['GET /api/user', 'GET /api/cases']);

type Route = { schema: unknown; method: string; url: string };

/** A serializer compiled from a zod schema's JSON Schema. */
export function compiledSerializer(schema: z.ZodTypeAny): (data: unknown) => string {
  const jsonSchema = zodToJsonSchema(schema, { target: 'jsonSchema7', $refStrategy: 'none' });
  return fastJsonStringify(jsonSchema as Parameters<typeof fastJsonStringify>[0]) as (data: unknown) => string;
}

/**
 * Serializes an answer with its route's response schema (from src/contract), as
 * fastify-type-provider-zod does: an answer the schema refuses is a 500. A zod object drops
 * the fields it does not name, so with `strict` (the tests) an answer the schema would change
 * — a field it drops, a value it rewrites — is refused as well: a schema that lacks a field
 * fails the feature test instead of silently taking the field out of the answer
 * (docs/decisions/048-routes-http-only.md). The routes of `compiled` use the compiled
 * serializer; in the tests each of their answers must come out of it as out of zod (the same
 * JSON value; the order of the fields may differ).
 */
export function createResponseSerializerCompiler(options: { strict: boolean; compiled?: ReadonlySet<string> }) {
  const compiled = options.compiled ?? COMPILED_ANSWERS;
  return ({ schema, method, url }: Route) => {
    const zodSerialize = (data: unknown): string => {
      const result = (schema as z.ZodTypeAny).safeParse(data);
      if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
      const json = JSON.stringify(result.data);
      if (options.strict && !isDeepStrictEqual(JSON.parse(json), JSON.parse(JSON.stringify(data)))) {
        // Tests only: says which route and which answer, so the schema can be completed.
        process.stderr.write(
          `response schema of ${method} ${url} changes the answer:\n  sent:  ` +
            ` ${JSON.stringify(data).slice(0, 2000)}\n  schema: ${json.slice(0, 2000)}\n`,
        );
        throw new ResponseSerializationError(method, url, {
          cause: result.error ?? (new Error('the response schema changes the answer') as never),
        });
      }
      return json;
    };
    if (!compiled.has(`${method} ${url}`)) return zodSerialize;
    const fast = compiledSerializer(schema as z.ZodTypeAny);
    if (!options.strict) return fast;
    return (data: unknown): string => {
      const json = zodSerialize(data);
      const quick = fast(data);
      if (!isDeepStrictEqual(JSON.parse(quick), JSON.parse(json))) {
        process.stderr.write(
          `compiled serializer of ${method} ${url} writes another answer:\n  schema:  ` +
            `${json.slice(0, 2000)}\n  compiled: ${quick.slice(0, 2000)}\n`,
        );
        throw new ResponseSerializationError(method, url, {
          cause: new Error('the compiled serializer writes another answer than the schema') as never,
        });
      }
      return json;
    };
  };
}
