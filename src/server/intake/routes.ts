import type { FastifyPluginAsync } from 'fastify';
import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { EmailSchema } from '../../contract/auth';
import { cases, intakeDeliveries, users } from '../db/schema';
import { AppError, notFound } from '../errors/errors';
import { safeEqual } from '../lib/crypto';
import { createCase } from '../cases/queries';
import { TypeformDeliverySchema, readIntake } from './payload';
import { enqueueMail } from '../outbox/outbox';

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
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) => done(null, body));

  app.post('/api/intake/typeform', { config: { rateLimit: { max: 120, timeWindow: 60_000 } } }, async (request) => {
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
    if (!email.success) throw new AppError('validation', 'errors.intake.noEmail', { email: ['errors.intake.noEmail'] });
    const now = clock.now();

    await db.transaction(async (tx) => {
      const claimed = await tx.insert(intakeDeliveries).values({ eventId: delivery.event_id, receivedAt: now }).onConflictDoNothing().returning();
      if (claimed.length === 0) return { replay: true as const };
      const [existing] = await tx.select().from(users).where(eq(users.email, email.data));
      if (existing && existing.role !== 'client') return { replay: false as const, ignored: true as const };
      let userId = existing?.id;
      if (!userId) {
        const [created] = await tx
          .insert(users)
          .values({ role: 'client', email: email.data, name: intake.name, lastName: intake.lastName, phoneNumber: intake.phone, createdAt: now, updatedAt: now })
          .returning({ id: users.id });
        userId = created?.id;
      } else {
        await tx
          .update(users)
          .set({
            name: existing?.name ?? intake.name,
            lastName: existing?.lastName ?? intake.lastName,
            phoneNumber: existing?.phoneNumber ?? intake.phone,
            updatedAt: now,
          })
          .where(eq(users.id, userId));
      }
      if (!userId) throw new Error('intake: no user');
      const [existingCase] = await tx.select().from(cases).where(eq(cases.clientId, userId));
      let caseId = existingCase?.id;
      if (existingCase) {
        await tx
          .update(cases)
          .set({ typeform: { ...existingCase.typeform, ...intake.answers }, lastUpdateAt: now })
          .where(eq(cases.id, existingCase.id));
      } else {
        caseId = await createCase(tx as unknown as typeof db, { clientId: userId, status: 'lead', now });
        await tx.update(cases).set({ typeform: intake.answers }).where(eq(cases.id, caseId));
      }
      await tx.update(intakeDeliveries).set({ caseId }).where(eq(intakeDeliveries.eventId, delivery.event_id));
      await enqueueMail(tx, { kind: 'intake_ready', to: { userId }, payload: {}, now });
      return { replay: false as const, ignored: false as const };
    });
    return { message: 'ok' };
  });
};
