import type { FastifyPluginAsync } from 'fastify';
import { createHmac } from 'node:crypto';
import { EmailSchema } from '../../contract/auth';
import { IntakeReceivedResponseSchema } from '../../contract/intake';
import { AppError, notFound } from '../infra/errors/errors';
import { safeEqual } from '../infra/lib/crypto';
import { TypeformDeliverySchema, readIntake } from './payload';
import { recordIntake } from './queries';

/** Verifies `Typeform-Signature: sha256=<base64 HMAC-SHA256 of the raw body>` in constant time. */
export function verifyTypeformSignature(secret: string, rawBody: Buffer, header: string | undefined): boolean {
  if (!header?.startsWith('sha256=')) return false;
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  const given = Buffer.from(header.slice('sha256='.length), 'base64');
  return safeEqual(expected, given);
}

/**
 * POST /api/intake/typeform: the public site's form service. The signature is checked before
 * the body is parsed; a replayed delivery changes nothing.
 */
export const intakeRoutes: FastifyPluginAsync = async (app) => {
  const { db, clock, config } = app.deps;
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/api/intake/typeform',
    {
      schema: { response: { 200: IntakeReceivedResponseSchema } },
      config: { rateLimit: { max: 120, timeWindow: 60_000 } },
    },
    async (request) => {
      if (!config.typeformSecret) throw notFound();
      const raw = request.body;
      if (!Buffer.isBuffer(raw)) throw new AppError('unauthenticated', 'errors.intake.badSignature');
      const signature = request.headers['typeform-signature'];
      if (!verifyTypeformSignature(config.typeformSecret, raw, typeof signature === 'string' ? signature : undefined)) {
        throw new AppError('unauthenticated', 'errors.intake.badSignature');
      }
      let json: unknown;
      try {
        json = JSON.parse(raw.toString('utf8'));
      } catch {
        throw new AppError('validation', 'errors.intake.unreadable', { body: ['errors.intake.unreadable'] });
      }
      const delivery = TypeformDeliverySchema.parse(json);
      const intake = readIntake(delivery);
      const email = EmailSchema.safeParse(intake.email ?? '');
      if (!email.success)
        throw new AppError('validation', 'errors.intake.noEmail', { email: ['errors.intake.noEmail'] });
      const now = clock.now();

      await recordIntake(db, { eventId: delivery.event_id, email: email.data, intake, now });
      return { message: 'ok' };
    },
  );
};
