import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';

/**
 * A `preValidation` hook for a route whose body is an object of optional and required fields: a
 * request without a body is validated as `{}`, so it gets the same field errors ('Dit veld is
 * verplicht.' per field) as an empty object, not one error on the body as a whole.
 */
export async function absentBodyAsEmptyObject(request: FastifyRequest): Promise<void> {
  request.body ??= {};
}

/** The parts of a request Fastify validates, in its order; it stops at the first refusal. */
const PARTS = [
  { context: 'params', property: 'params' },
  { context: 'body', property: 'body' },
  { context: 'querystring', property: 'query' },
] as const;

type Handler = (this: unknown, request: FastifyRequest, reply: FastifyReply) => unknown;

/**
 * Authentication and permission come before validation, on every route: no, wrong
 * role 403, someone else's or an unknown id 404, and only then 422. Fastify validates the body,
 * query string and path parameters before the handler runs, and the access checks are the first
 * lines of every handler (requireUser, requireCaseAccess…): a bad body answered 422, with the
 * list of required fields, to a caller without a session.
 *
 * So every route with a schema gets `attachValidation`, and its handler runs with the refused
 * part (and the parts after it, which Fastify did not validate) behind a getter that throws the
 * validation error: the access checks answer first, the first read of the bad input answers 422
 * exactly as before. Path parameters refused by their schema stay as sent (strings): an id that
 * does not fit is no one's id, and the access checks answer 404 for it; a handler that reads the
 * body or query string after that still gets the 422. A handler that ends without reading its
 * bad input answers 422 all the same. The authorization matrix test sends every route bad input
 * as every actor, so a route that reads its input before its access check fails that test.
 */
export function deferValidation(route: RouteOptions): void {
  if (!route.schema || route.attachValidation) return;
  const schema = route.schema as { body?: unknown; querystring?: unknown; params?: unknown };
  if (!schema.body && !schema.querystring && !schema.params) return;
  route.attachValidation = true;
  const handler = route.handler as Handler;
  route.handler = async function deferredHandler(this: unknown, request: FastifyRequest, reply: FastifyReply) {
    const error = request.validationError as (Error & { validationContext?: string }) | undefined;
    if (!error) return handler.call(this, request, reply);
    let raised = false;
    const failed = PARTS.findIndex((part) => part.context === error.validationContext);
    PARTS.forEach((part, index) => {
      if (failed < 0 || index < failed) return;
      // Refused path parameters stay readable as sent (see above); every later part throws.
      if (part.context === 'params' && index === failed) return;
      Object.defineProperty(request, part.property, {
        configurable: true,
        enumerable: true,
        get() {
          raised = true;
          throw error;
        },
      });
    });
    const result = await handler.call(this, request, reply);
    if (!raised && !reply.sent) throw error;
    return result;
  };
}
