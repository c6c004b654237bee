import type { FastifyPluginAsync } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import { users } from '../db/schema';
import { createToken } from '../../auth/queries';
import { generateToken, safeEqual, sha256Hex } from '../lib/crypto';

/**
 * The test build's session mint (docs/testing.md). The browser journeys bundle the server with
 * `src/server/test-routes.ts` replaced by this module (e2e/support/server-build.ts); the product
 * (`npm run build`, dist/server) never contains it, and a test checks that.
 *
 * POST SESSION_MINT_PATH { email } with the header `x-session-mint: <E2E_SESSION_MINT_SECRET>`
 * answers `{ token }`: a session for that account as if it had signed in (code and, for staff,
 * second factor), so a journey about something else than signing in needs no mail round trip
 * and no wait for the one-code-a-minute rule. Without the secret (32+ characters) the test
 * build refuses to start; a wrong or missing header gets 404, like any unknown path.
 *
 * The test build also stops by itself when the test process that started it is gone
 * (E2E_PARENT_PID), so a killed test worker leaves no server behind.
 */
export const SESSION_MINT_PATH = '/api/test-only/session';
export const SESSION_MINT_HEADER = 'x-session-mint';

export const testOnlyRoutes: FastifyPluginAsync = async (app) => {
  const secret = process.env.E2E_SESSION_MINT_SECRET ?? '';
  if (secret.length < 32)
    throw new Error('The test build of the server needs E2E_SESSION_MINT_SECRET (at least 32 characters).');
  watchParent(Number(process.env.E2E_PARENT_PID));
  const { db, clock, config } = app.deps;
  const expected = Buffer.from(sha256Hex(secret), 'hex');

  app.post(SESSION_MINT_PATH, async (request, reply) => {
    const given = request.headers[SESSION_MINT_HEADER];
    const email = (request.body as { email?: unknown } | undefined)?.email;
    if (
      typeof given !== 'string' ||
      !safeEqual(Buffer.from(sha256Hex(given), 'hex'), expected) ||
      typeof email !== 'string'
    ) {
      return reply.status(404).send({ message: 'Not Found' });
    }
    const [user] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, email), isNull(users.deactivatedAt)))
      .limit(1);
    if (!user) return reply.status(404).send({ message: 'Not Found' });
    const token = generateToken();
    await createToken(db, { userId: user.id, tokenHash: sha256Hex(token), now: clock.now(), ttlMs: config.tokenTtlMs });
    return { token };
  });
};

/** Exits when the process `pid` is gone (checked every second). */
function watchParent(pid: number): void {
  if (!Number.isInteger(pid) || pid <= 0) return;
  const timer = setInterval(() => {
    try {
      process.kill(pid, 0);
    } catch {
      process.kill(process.pid, 'SIGTERM');
    }
  }, 1_000);
  timer.unref();
}
