import { SignInResponseSchema } from '../../contract/two-factor';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RequestCodeRequestSchema, TokenRequestSchema, MessageResponseSchema } from '../../contract/auth';
import { fieldError } from '../infra/errors/errors';
import { generateLoginCode, hmac } from '../infra/lib/crypto';
import { requireUser } from './access';
import { findActiveUserByEmail, registerCodeRequest, revokeToken, verifyCode } from './queries';
import { storeLoginCode } from './sign-in';
import { startSignIn } from './two-factor-service';
import { AppError } from '../infra/errors/errors';
import { securityLog } from '../infra/http/security-log';
import { requestTranslate } from '../infra/errors/language';

// Translation keys (public/i18n, errors.auth), given in the request's language.
export const CODE_SENT_MESSAGE = 'errors.auth.codeSent';
export const INVALID_CODE_MESSAGE = 'errors.auth.invalidCode';
export const VOIDED_CODE_MESSAGE = 'errors.auth.voidedCode';
export const LOCKED_OUT_MESSAGE = 'errors.auth.locked';
export const TOO_MANY_CODES_MESSAGE = 'errors.auth.tooManyCodes';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, config } = app.deps;
  const keyOf = (email: string) => hmac(config.appSecret, 'login-throttle', email).toString('hex');
  const codeHashOf = (keyHash: string, code: string) => hmac(config.appSecret, 'login-code', `${keyHash}:${code}`);

  app.post(
    '/api/code',
    {
      schema: { response: { 200: MessageResponseSchema }, body: RequestCodeRequestSchema },
      config: { rateLimit: { max: 30, timeWindow: 10 * 60_000 } },
    },
    async (request) => {
      const { email } = request.body;
      const now = clock.now();
      const keyHash = keyOf(email);
      // Known and unknown addresses do the same work (a code is stored per address either way)
      // and get the same answer; only a known address is mailed, after the request.
      if (!(await registerCodeRequest(db, keyHash, now, config.loginCodeCooldownMs)))
        throw new AppError('too_many_requests', TOO_MANY_CODES_MESSAGE);
      const code = generateLoginCode();
      const user = await storeLoginCode(db, { keyHash, email, code, codeHash: codeHashOf(keyHash, code), now });
      securityLog(request, 'login.code_requested', { userId: user?.id ?? null });
      return { message: requestTranslate(request)(CODE_SENT_MESSAGE) };
    },
  );

  app.post(
    '/api/token',
    {
      schema: { response: { 200: SignInResponseSchema }, body: TokenRequestSchema },
      config: { rateLimit: { max: 60, timeWindow: 10 * 60_000 } },
    },
    async (request) => {
      const { email, code } = request.body;
      const now = clock.now();
      const keyHash = keyOf(email);
      const result = await verifyCode(db, {
        throttleKey: keyHash,
        find: { purpose: 'login', keyHash },
        codeHash: codeHashOf(keyHash, code),
        now,
        onSuccess: async (tx) => {
          // A deactivated staff account cannot sign in.
          const user = await findActiveUserByEmail(tx, email);
          if (!user) return null;
          // Staff continue with their second factor (two-factor-routes.ts); clients get a token.
          return { answer: await startSignIn(tx, config, user, now), userId: user.id };
        },
      });
      if (result.outcome === 'ok') {
        securityLog(request, 'login.succeeded', {
          userId: result.value.userId,
          ...('challenge' in result.value.answer ? { reason: 'second_factor_required' } : {}),
        });
        return result.value.answer;
      }
      if (result.outcome === 'locked') {
        securityLog(request, 'login.locked', { reason: 'too_many_failures' });
        throw fieldError('code', LOCKED_OUT_MESSAGE);
      }
      securityLog(request, 'login.code_failed', { reason: result.outcome });
      throw fieldError('code', result.outcome === 'voided' ? VOIDED_CODE_MESSAGE : INVALID_CODE_MESSAGE);
    },
  );

  app.post('/api/logout', async (request, reply) => {
    const auth = await requireUser(request);
    await revokeToken(db, auth.tokenId, clock.now());
    // Its open live-event streams end too, on every instance.
    await app.events.endSessions({ userId: auth.userId, tokenIds: [auth.tokenId] });
    securityLog(request, 'logout', { userId: auth.userId });
    return reply.status(204).header('Clear-Site-Data', '"storage"').send();
  });
};
