import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RequestCodeRequestSchema, TokenRequestSchema } from '../../contract/auth';
import { fieldError } from '../errors/errors';
import { generateLoginCode, generateToken, hmac, safeEqual, sha256Hex } from '../lib/crypto';
import { loginCodeMail } from '../mail/templates';
import { requireUser } from './access';
import {
  CODE_TTL_MS,
  consumeCode,
  createToken,
  findNewestCode,
  findUserByEmail,
  isLockedOut,
  registerCodeRequest,
  registerFailure,
  registerWrongTry,
  revokeToken,
  storeLoginCode,
  touchNothing,
} from './queries';
import { AppError } from '../errors/errors';

export const CODE_SENT_MESSAGE = 'Als dit e-mailadres bij ons bekend is, ontvang je binnen enkele minuten een code.';
export const INVALID_CODE_MESSAGE = 'De code is ongeldig of verlopen. Vraag een nieuwe code aan als het niet lukt.';
export const LOCKED_OUT_MESSAGE = 'Te veel mislukte pogingen. Probeer het over een uur opnieuw.';
export const TOO_MANY_CODES_MESSAGE = 'Je hebt net al een code aangevraagd. Wacht een minuut en probeer het opnieuw.';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, config, mailer } = app.deps;
  const keyOf = (email: string) => hmac(config.appSecret, 'login-throttle', email).toString('hex');
  const codeHashOf = (userId: string, code: string) => hmac(config.appSecret, 'login-code', `${userId}:${code}`);

  app.post(
    '/api/code',
    {
      schema: { body: RequestCodeRequestSchema },
      config: { rateLimit: { max: 30, timeWindow: 10 * 60_000 } },
    },
    async (request) => {
      const { email } = request.body;
      const now = clock.now();
      // Unknown addresses are counted and answered exactly like known ones.
      if (!(await registerCodeRequest(db, keyOf(email), now))) throw new AppError('too_many_requests', TOO_MANY_CODES_MESSAGE);
      const user = await findUserByEmail(db, email);
      if (!user) {
        await touchNothing(db, now);
        return { message: CODE_SENT_MESSAGE };
      }
      const code = generateLoginCode();
      await storeLoginCode(db, user.id, codeHashOf(user.id, code), now);
      mailer.enqueue(loginCodeMail({ to: user.email, name: user.name, code, productName: config.site.productName, minutes: CODE_TTL_MS / 60_000 }));
      return { message: CODE_SENT_MESSAGE };
    },
  );

  app.post(
    '/api/token',
    {
      schema: { body: TokenRequestSchema },
      config: { rateLimit: { max: 60, timeWindow: 10 * 60_000 } },
    },
    async (request) => {
      const { email, code } = request.body;
      const now = clock.now();
      const key = keyOf(email);
      if (await isLockedOut(db, key, now)) throw fieldError('code', LOCKED_OUT_MESSAGE);
      const user = await findUserByEmail(db, email);
      const stored = user ? await findNewestCode(db, user.id) : null;
      const matches = user && stored ? safeEqual(codeHashOf(user.id, code), stored.codeHash) : false;
      if (user && stored && matches && (await consumeCode(db, stored.id, now))) {
        const token = generateToken();
        await createToken(db, { userId: user.id, tokenHash: sha256Hex(token), now, ttlMs: config.tokenTtlMs });
        return { token };
      }
      if (stored && !matches) await registerWrongTry(db, stored.id, now);
      await registerFailure(db, key, now);
      throw fieldError('code', INVALID_CODE_MESSAGE);
    },
  );

  app.post('/api/logout', async (request, reply) => {
    const auth = await requireUser(request);
    await revokeToken(db, auth.tokenId, clock.now());
    return reply.status(204).send();
  });
};
