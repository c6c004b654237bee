import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The security log: one structured line per login step and per refused access, for the
 * operator (README, section "Security log"). Every line has `security: true`, the event, the
 * user id when known, the client IP, the request id and a reason. It never carries an e-mail
 * address, a code or a token.
 */
export type SecurityEvent =
  | 'login.code_requested'
  | 'login.code_failed'
  | 'login.locked'
  | 'login.succeeded'
  | 'logout'
  | 'access.refused'
  | 'email_change.requested'
  | 'email_change.confirmed'
  | 'email_change.failed'
  | 'second_factor.succeeded'
  | 'second_factor.failed'
  | 'upload.refused'
  | 'body.too_slow';

export type SecurityDetails = {
  /** The account concerned, when known (never an e-mail address). */
  userId?: string | null;
  /** A short code for why: `wrong_code`, `code_voided`, `locked`, `unauthenticated`, `forbidden`, `not_found`… */
  reason?: string;
  /** HTTP status of the refusal, for `access.refused`. */
  status?: number;
};

const WARN_EVENTS = new Set<SecurityEvent>([
  'login.code_failed',
  'login.locked',
  'access.refused',
  'email_change.failed',
  'second_factor.failed',
  'upload.refused',
  'body.too_slow',
]);

export function securityLog(request: FastifyRequest, event: SecurityEvent, details: SecurityDetails = {}): void {
  const line = {
    security: true,
    event,
    user_id: details.userId ?? request.authContext?.userId ?? null,
    ip: request.ip,
    request_id: request.id,
    route: request.routeOptions?.url ?? null,
    ...(details.reason ? { reason: details.reason } : {}),
    ...(details.status ? { status: details.status } : {}),
  };
  if (WARN_EVENTS.has(event)) request.log.warn(line, 'security event');
  else request.log.info(line, 'security event');
}

/**
 * One line per answered request with method, path (without query: signed links), status,
 * duration, the signed-in user's id and the client IP. Fastify's own request lines are off.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: request.url.split('?')[0],
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        user_id: request.authContext?.userId ?? null,
        ip: request.ip,
      },
      'request completed',
    );
  });
}
