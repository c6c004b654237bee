import { isDeepStrictEqual } from 'node:util';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import type { z } from 'zod';

type Route = { schema: unknown; method: string; url: string };

/**
 * Serializes an answer with its route's response schema (from src/contract), as
 * fastify-type-provider-zod does: an answer the schema refuses is a 500. A zod object drops
 * the fields it does not name, so with `strict` (the tests) an answer the schema would change
 * — a field it drops, a value it rewrites — is refused as well: a schema that lacks a field
 * fails the feature test instead of silently taking the field out of the answer
 * (docs/decisions/048-routes-http-only.md).
 */
export function createResponseSerializerCompiler(options: { strict: boolean }) {
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
    return zodSerialize;
  };
}
