import { TokenResponseSchema } from '../../contract/auth';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isStaffRole } from '../../contract/permissions';
import {
  ConfirmCodeRequestSchema,
  FreshCodeRequestSchema,
  TwoFactorEnableRequestSchema,
  TwoFactorSetupRequestSchema,
  TwoFactorVerifyRequestSchema,
  TwoFactorSetupResponseSchema,
  TwoFactorEnableResponseSchema,
  TwoFactorStatusResponseSchema,
  RecoveryCodesResponseSchema,
} from '../../contract/two-factor';
import { AppError, fieldError, forbidden } from '../infra/errors/errors';
import { securityLog } from '../infra/http/security-log';
import { sha256Hex } from '../infra/lib/crypto';
import { requireUser } from './access';
import {
  consumeChallenge,
  findOpenChallenge,
  getAccountContact,
  getTwoFactor,
  isEnrolled,
  isLocked,
  replaceRecoveryCodes,
  returnChallengeTry,
  takeChallengeTry,
} from './two-factor-queries';
import {
  ALREADY_ENROLLED_MESSAGE,
  CHALLENGE_EXPIRED_MESSAGE,
  NOT_ENROLLED_MESSAGE,
  TWO_FACTOR_LOCKED_MESSAGE,
  WRONG_RECOVERY_CODE_MESSAGE,
  WRONG_TOTP_MESSAGE,
  checkAnswer,
  confirmPendingSecret,
  countTwoFactorFailure,
  getTwoFactorStatus,
  issueToken,
  newRecoveryCodes,
  setupPendingSecret,
  type SecondFactorAnswer,
} from './two-factor-service';

/** Logs a second-factor step through the security log: step and outcome as the reason, never a code or secret. */
function logSecondFactor(request: FastifyRequest, step: string, userId: string, outcome: 'ok' | 'refused' | 'locked') {
  securityLog(request, outcome === 'ok' ? 'second_factor.succeeded' : 'second_factor.failed', {
    userId,
    reason: outcome === 'ok' ? step : `${step}_${outcome}`,
  });
}

export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, config } = app.deps;
  const rateLimit = { max: 60, timeWindow: 10 * 60_000 };

  async function openChallenge(challenge: string) {
    const found = await findOpenChallenge(db, sha256Hex(challenge), clock.now());
    if (!found) throw fieldError('challenge', CHALLENGE_EXPIRED_MESSAGE);
    return found;
  }

  async function refuseIfLocked(request: FastifyRequest, userId: string) {
    if (isLocked(await getTwoFactor(db, userId), clock.now())) {
      logSecondFactor(request, 'verify', userId, 'locked');
      throw fieldError('code', TWO_FACTOR_LOCKED_MESSAGE);
    }
  }

  /** Counts a failure for the account (the tenth in an hour locks and mails) and answers 422. */
  async function fail(
    request: FastifyRequest,
    user: { id: string; email: string; name: string | null },
    field: 'code' | 'recovery_code',
    message: string,
  ): Promise<never> {
    const { lockedNow } = await countTwoFactorFailure(db, user.id, clock.now());
    logSecondFactor(request, 'verify', user.id, lockedNow ? 'locked' : 'refused');
    if (lockedNow) throw fieldError(field, TWO_FACTOR_LOCKED_MESSAGE);
    throw fieldError(field, message);
  }

  /**
   * Takes one of the challenge's five tries before its answer is judged (two-factor-queries.ts), or 422 on the
   * challenge.
   */
  async function takeTry(challengeId: string) {
    if (!(await takeChallengeTry(db, challengeId, clock.now())))
      throw fieldError('challenge', CHALLENGE_EXPIRED_MESSAGE);
  }

  /** Confirms a code of the pending secret and makes it the account's secret with 10 new recovery codes. */
  async function confirmPending(
    request: FastifyRequest,
    user: { id: string; email: string; name: string | null },
    code: string,
  ) {
    const confirmed = await confirmPendingSecret(db, config, user.id, code, clock.now());
    if (confirmed === 'wrong') return fail(request, user, 'code', WRONG_TOTP_MESSAGE);
    logSecondFactor(request, 'enrol', user.id, 'ok');
    return confirmed.codes;
  }

  // --- Sign-in: the second step after the e-mail code ---

  app.post(
    '/api/token/two-factor/setup',
    {
      schema: { response: { 200: TwoFactorSetupResponseSchema }, body: TwoFactorSetupRequestSchema },
      config: { rateLimit },
    },
    async (request) => {
      const user = await openChallenge(request.body.challenge);
      await refuseIfLocked(request, user.userId);
      if (isEnrolled(await getTwoFactor(db, user.userId))) throw new AppError('conflict', ALREADY_ENROLLED_MESSAGE);
      logSecondFactor(request, 'setup', user.userId, 'ok');
      return setupPendingSecret(db, config, { id: user.userId, email: user.email });
    },
  );

  app.post(
    '/api/token/two-factor/enable',
    {
      schema: { response: { 200: TwoFactorEnableResponseSchema }, body: TwoFactorEnableRequestSchema },
      config: { rateLimit },
    },
    async (request) => {
      const { challenge, code } = request.body;
      const found = await openChallenge(challenge);
      const user = { id: found.userId, email: found.email, name: found.name };
      await refuseIfLocked(request, user.id);
      if (isEnrolled(await getTwoFactor(db, user.id))) throw new AppError('conflict', ALREADY_ENROLLED_MESSAGE);
      await takeTry(found.id);
      const codes = await confirmPending(request, user, code);
      if (!(await consumeChallenge(db, found.id, clock.now())))
        throw fieldError('challenge', CHALLENGE_EXPIRED_MESSAGE);
      return { token: await issueToken(db, config, user.id, clock.now()), recovery_codes: codes };
    },
  );

  app.post(
    '/api/token/two-factor',
    { schema: { response: { 200: TokenResponseSchema }, body: TwoFactorVerifyRequestSchema }, config: { rateLimit } },
    async (request) => {
      const body = request.body;
      const found = await openChallenge(body.challenge);
      const user = { id: found.userId, email: found.email, name: found.name };
      await refuseIfLocked(request, user.id);
      const answer: SecondFactorAnswer = 'code' in body ? { code: body.code } : { recovery_code: body.recovery_code };
      await takeTry(found.id);
      const outcome = await checkAnswer(db, config, user.id, answer, clock.now());
      const field = 'code' in answer ? 'code' : 'recovery_code';
      const wrong = 'code' in answer ? WRONG_TOTP_MESSAGE : WRONG_RECOVERY_CODE_MESSAGE;
      if (outcome === 'used') {
        await returnChallengeTry(db, found.id);
        logSecondFactor(request, 'verify', user.id, 'refused');
        throw fieldError(field, wrong);
      }
      if (outcome === 'wrong') return fail(request, user, field, wrong);
      if (!(await consumeChallenge(db, found.id, clock.now())))
        throw fieldError('challenge', CHALLENGE_EXPIRED_MESSAGE);
      logSecondFactor(request, 'verify', user.id, 'ok');
      return { token: await issueToken(db, config, user.id, clock.now()) };
    },
  );

  // --- 'Mijn account': status, new recovery codes, re-enrolment, each after a fresh code ---

  async function requireStaff(request: FastifyRequest) {
    const auth = await requireUser(request);
    if (!isStaffRole(auth.role)) throw forbidden();
    const row = await getAccountContact(db, auth.userId);
    if (!row) throw forbidden();
    return row;
  }

  async function requireFreshAnswer(
    request: FastifyRequest,
    user: { id: string; email: string; name: string | null },
    answer: SecondFactorAnswer,
  ) {
    await refuseIfLocked(request, user.id);
    if (!isEnrolled(await getTwoFactor(db, user.id))) throw new AppError('conflict', NOT_ENROLLED_MESSAGE);
    const outcome = await checkAnswer(db, config, user.id, answer, clock.now());
    const field = 'code' in answer ? 'code' : 'recovery_code';
    const wrong = 'code' in answer ? WRONG_TOTP_MESSAGE : WRONG_RECOVERY_CODE_MESSAGE;
    // A code used already (a replay) is refused without counting a failure: it is no guess.
    if (outcome === 'used') throw fieldError(field, wrong);
    if (outcome === 'wrong') await fail(request, user, field, wrong);
  }

  app.get(
    '/api/account/two-factor',
    { schema: { response: { 200: TwoFactorStatusResponseSchema } } },
    async (request) => {
      const user = await requireStaff(request);
      return { data: await getTwoFactorStatus(db, user.id) };
    },
  );

  app.post(
    '/api/account/two-factor/recovery-codes',
    { schema: { response: { 200: RecoveryCodesResponseSchema }, body: FreshCodeRequestSchema }, config: { rateLimit } },
    async (request) => {
      const user = await requireStaff(request);
      const body = request.body;
      await requireFreshAnswer(
        request,
        user,
        'code' in body ? { code: body.code } : { recovery_code: body.recovery_code },
      );
      const { codes, hashes } = newRecoveryCodes(config, user.id);
      await replaceRecoveryCodes(db, user.id, hashes, clock.now());
      logSecondFactor(request, 'recovery_codes', user.id, 'ok');
      return { recovery_codes: codes };
    },
  );

  app.post(
    '/api/account/two-factor/setup',
    {
      schema: { response: { 200: TwoFactorSetupResponseSchema }, body: FreshCodeRequestSchema },
      config: { rateLimit },
    },
    async (request) => {
      const user = await requireStaff(request);
      const body = request.body;
      await requireFreshAnswer(
        request,
        user,
        'code' in body ? { code: body.code } : { recovery_code: body.recovery_code },
      );
      logSecondFactor(request, 'setup', user.id, 'ok');
      return setupPendingSecret(db, config, user);
    },
  );

  app.post(
    '/api/account/two-factor/enable',
    {
      schema: { response: { 200: RecoveryCodesResponseSchema }, body: ConfirmCodeRequestSchema },
      config: { rateLimit },
    },
    async (request) => {
      const user = await requireStaff(request);
      await refuseIfLocked(request, user.id);
      return { recovery_codes: await confirmPending(request, user, request.body.code) };
    },
  );
};
