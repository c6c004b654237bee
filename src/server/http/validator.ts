import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodTypeAny } from 'zod';

/** Distinct query strings (or path parameters) of one route whose parsed value is kept. */
export const PARSED_KEEP = 128;
/** Inputs longer than this (as JSON) are parsed every time and never kept. */
const KEY_MAX = 1_024;

/** Freezes a parsed value and everything in it, so one value can serve many requests. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * fastify-type-provider-zod's validator, with the value zod parsed from a query string or from
 * path parameters kept per route for the same input (the last PARSED_KEEP distinct inputs): the
 * case list's query schema, with its defaults, coercions and transforms, took 5 µs of zod per
 * request, a twentieth of the whole request (decision 032). The schemas of these parts are pure
 * (the same input gives the same value), and the value a route gets is deeply frozen, so no
 * request can change what the next one gets. Refusals are never kept (fastify adds to the error
 * it is given), nor are bodies and headers: a body is parsed every time.
 */
export const keepingValidatorCompiler: FastifySchemaCompiler<ZodTypeAny> = (route) => {
  const validate = validatorCompiler(route);
  if (route.httpPart !== 'querystring' && route.httpPart !== 'params') return validate;
  const kept = new Map<string, { value: unknown }>();
  return (data: unknown) => {
    const key = JSON.stringify(data);
    if (key === undefined || key.length > KEY_MAX) return validate(data);
    const hit = kept.get(key);
    if (hit) return hit;
    const result = validate(data);
    if (typeof result !== 'object' || 'then' in result || result.error || !('value' in result)) return result;
    if (kept.size >= PARSED_KEEP) kept.delete(kept.keys().next().value as string);
    const entry = { value: deepFreeze(result.value) };
    kept.set(key, entry);
    return entry;
  };
};
