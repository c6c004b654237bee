import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/** How many distinct query strings each route keeps the parsed form of. */
export const QUERY_MEMO_SIZE = 64;

/** Query strings longer than this (as JSON) are parsed every time and not kept. */
const MAX_KEY_LENGTH = 512;

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * The app's validator compiler: each part of a request is parsed with its route's zod schema
 * (fastify-type-provider-zod), and a route's query string is parsed once per distinct query
 * string: the parsed query of the last QUERY_MEMO_SIZE ones is kept, frozen, and handed to the
 * next request that sends the same one (the list screens ask for the same few pages over and
 * over; parsing a list's query cost about a twentieth of such a request, docs/performance.md).
 * Refused query strings are not kept: each gets its own validation error. Handlers never change
 * `request.query`; the freezing makes that a loud error instead of one request changing another's.
 */
export const appValidatorCompiler: FastifySchemaCompiler<z.ZodTypeAny> = (route) => {
  const validate = validatorCompiler(route);
  if (route.httpPart !== 'querystring' || QUERY_MEMO_SIZE <= 0) return validate;
  const memo = new Map<string, { value: unknown }>();
  return (data: unknown) => {
    const key = JSON.stringify(data) ?? '';
    const hit = key.length <= MAX_KEY_LENGTH ? memo.get(key) : undefined;
    if (hit) return hit;
    const result = validate(data) as { value?: unknown; error?: Error | FastifySchemaValidationError[] };
    if (result.error !== undefined || key.length > MAX_KEY_LENGTH) return result;
    const kept = { value: deepFreeze(result.value) };
    if (memo.size >= QUERY_MEMO_SIZE) memo.delete(memo.keys().next().value as string);
    memo.set(key, kept);
    return kept;
  };
};
