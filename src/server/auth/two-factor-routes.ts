import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config/config';
import type { Db } from '../db/client';
import { securityLog } from '../http/security-log';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isStaffRole, type Role } from '../../contract/permissions';
import {
  ConfirmCodeRequestSchema,
  FreshCodeRequestSchema,
  TwoFactorEnableRequestSchema,
  TwoFactorSetupRequestSchema,
  TwoFactorVerifyRequestSchema,
  type TwoFactorRequiredResponse,
} from '../../contract/two-factor';
import { users } from '../db/schema';
import { AppError, fieldError, forbidden } from '../errors/errors';
import { generateToken, sha256Hex } from '../lib/crypto';
import { requireUser } from './access';
import { createToken } from './queries';
import { decryptSecret, encryptSecret, generateRecoveryCodes, matchTotpStep, newTotpSecret, recoveryCodeHash } from './two-factor';
import { enqueueMail } from '../outbox/outbox';
import {
  acceptStep,
  activatePendingSecret,
  consumeChallenge,
  countUnusedRecoveryCodes,
  createChallenge,
  findOpenChallenge,
  getTwoFactor,
  isEnrolled,
  isLocked,
  returnChallengeTry,
  takeChallengeTry,
  registerTwoFactorFailure,
  replaceRecoveryCodes,
  storePendingSecret,
  useRecoveryCode,
} from './two-factor-queries';

// Translation keys (public/i18n, errors.twoFactor): the error handler gives them in the request's language.
export const CHALLENGE_EXPIRED_MESSAGE = 'errors.twoFactor.challengeExpired';
export const WRONG_TOTP_MESSAGE = 'errors.twoFactor.wrongCode';
export const WRONG_RECOVERY_CODE_MESSAGE = 'errors.twoFactor.wrongRecoveryCode';
export const TWO_FACTOR_LOCKED_MESSAGE = 'errors.twoFactor.locked';
export const ALREADY_ENROLLED_MESSAGE = 'errors.twoFactor.alreadyEnrolled';
export const SETUP_FIRST_MESSAGE = 'errors.twoFactor.setupFirst';
export const NOT_ENROLLED_MESSAGE = 'errors.twoFactor.notEnrolled';

type SecondFactorAnswer = { code: string } | { recovery_code: string };

/** Logs a second-factor step through the security log: step and outcome as the reason, never a code or secret. */
function logSecondFactor(request: FastifyRequest, step: string, userId: string, outcome: 'ok' | 'refused' | 'locked') {
  securityLog(request, outcome === 'ok' ? 'second_factor.succeeded' : 'second_factor.failed', { userId, reason: outcome === 'ok' ? step : `${step}_${outcome}` });
}

/**
 * After a correct e-mail code: a client gets a token at once; staff get a challenge for the
 * second step (and `setup_required` when they have not enrolled yet).
 */
export async function startSignIn(db: Db, config: Config, user: { id: string; role: Role }, now: Date): Promise<{ token: string } | TwoFactorRequiredResponse> {
  if (!isStaffRole(user.role)) return { token: await issueToken(db, config, user.id, now) };
  const challenge = generateToken();
  await createChallenge(db, { userId: user.id, challengeHash: sha256Hex(challenge), now });
  const enrolled = isEnrolled(await getTwoFactor(db, user.id));
  return enrolled ? { two_factor_required: true, challenge } : { two_factor_required: true, challenge, setup_required: true };
}

async function issueToken(db: Db, config: Config, userId: string, now: Date): Promise<string> {
  const token = generateToken();
  await createToken(db, { userId, tokenHash: sha256Hex(token), now, ttlMs: config.tokenTtlMs });
  return token;
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
  async function fail(request: FastifyRequest, user: { id: string; email: string; name: string | null }, field: 'code' | 'recovery_code', message: string): Promise<never> {
    const now = clock.now();
    const { lockedNow } = await registerTwoFactorFailure(db, user.id, now);
    logSecondFactor(request, 'verify', user.id, lockedNow ? 'locked' : 'refused');
    if (lockedNow) {
      await enqueueMail(db, { kind: 'two_factor_locked', to: { userId: user.id }, payload: {}, now });
      throw fieldError(field, TWO_FACTOR_LOCKED_MESSAGE);
    }
    throw fieldError(field, message);
  }

  /**
   * Checks a TOTP code (once per time step) or a recovery code (once) of an enrolled account.
   * 'used': a right code that was used already (a replay, or a parallel request that won): no
   * guess, refused without counting a failure.
   */
  async function checkAnswer(userId: string, answer: SecondFactorAnswer): Promise<'ok' | 'used' | 'wrong'> {
    const row = await getTwoFactor(db, userId);
    if (!isEnrolled(row)) return 'wrong';
    const now = clock.now();
    if ('code' in answer) {
      const step = matchTotpStep(decryptSecret(config.appSecret, row.secret), answer.code, now);
      if (step === null) return 'wrong';
      return (await acceptStep(db, userId, step)) ? 'ok' : 'used';
    }
    return useRecoveryCode(db, userId, recoveryCodeHash(config.appSecret, userId, answer.recovery_code), now);
  }

  /** Takes one of the challenge's five tries before its answer is judged (two-factor-queries.ts), or 422 on the challenge. */
  async function takeTry(challengeId: string) {
    if (!(await takeChallengeTry(db, challengeId, clock.now()))) throw fieldError('challenge', CHALLENGE_EXPIRED_MESSAGE);
  }

  async function newRecoveryCodes(userId: string) {
    const codes = generateRecoveryCodes();
    return { codes, hashes: codes.map((code) => recoveryCodeHash(config.appSecret, userId, code)) };
  }

  async function setupFor(user: { id: string; email: string }) {
    const created = await newTotpSecret(config.site.productName, user.email);
    await storePendingSecret(db, user.id, encryptSecret(config.appSecret, created.secret));
    return { secret: created.secret, otpauth_url: created.otpauthUrl, qr_svg: created.qrSvg };
  }

  /** Confirms a code of the pending secret and makes it the account's secret with 10 new recovery codes. */
  async function confirmPending(request: FastifyRequest, user: { id: string; email: string; name: string | null }, code: string) {
    const row = await getTwoFactor(db, user.id);
    if (!row?.pendingSecret) throw new AppError('conflict', SETUP_FIRST_MESSAGE);
    const now = clock.now();
    const step = matchTotpStep(decryptSecret(config.appSecret, row.pendingSecret), code, now);
    if (step === null) return fail(request, user, 'code', WRONG_TOTP_MESSAGE);
    const { codes, hashes } = await newRecoveryCodes(user.id);
    if (!(await activatePendingSecret(db, { userId: user.id, pending: row.pendingSecret, step, codeHashes: hashes, now }))) {
      throw new AppError('conflict', SETUP_FIRST_MESSAGE);
    }
    logSecondFactor(request, 'enrol', user.id, 'ok');
    return codes;
  }

  // --- Sign-in: the second step after the e-mail code ---

  app.post('/api/token/two-factor/setup', { schema: { body: TwoFactorSetupRequestSchema }, config: { rateLimit } }, async (request) => {
    const user = await openChallenge(request.body.challenge);
    await refuseIfLocked(request, user.userId);
    if (isEnrolled(await getTwoFactor(db, user.userId))) throw new AppError('conflict', ALREADY_ENROLLED_MESSAGE);
    logSecondFactor(request, 'setup', user.userId, 'ok');
    return setupFor({ id: user.userId, email: user.email });
  });

  app.post('/api/token/two-factor/enable', { schema: { body: TwoFactorEnableRequestSchema }, config: { rateLimit } }, async (request) => {
    const { challenge, code } = request.body;
    const found = await openChallenge(challenge);
    const user = { id: found.userId, email: found.email, name: found.name };
    await refuseIfLocked(request, user.id);
    if (isEnrolled(await getTwoFactor(db, user.id))) throw new AppError('conflict', ALREADY_ENROLLED_MESSAGE);
    await takeTry(found.id);
    const codes = await confirmPending(request, user, code);
    if (!(await consumeChallenge(db, found.id, clock.now()))) throw fieldError('challenge', CHALLENGE_EXPIRED_MESSAGE);
    return { token: await issueToken(db, config, user.id, clock.now()), recovery_codes: codes };
  });

  app.post('/api/token/two-factor', { schema: { body: TwoFactorVerifyRequestSchema }, config: { rateLimit } }, async (request) => {
    const body = request.body;
    const found = await openChallenge(body.challenge);
    const user = { id: found.userId, email: found.email, name: found.name };
    await refuseIfLocked(request, user.id);
    const answer: SecondFactorAnswer = 'code' in body ? { code: body.code } : { recovery_code: body.recovery_code };
    await takeTry(found.id);
    const outcome = await checkAnswer(user.id, answer);
    const field = 'code' in answer ? 'code' : 'recovery_code';
    const wrong = 'code' in answer ? WRONG_TOTP_MESSAGE : WRONG_RECOVERY_CODE_MESSAGE;
    if (outcome === 'used') {
      await returnChallengeTry(db, found.id);
      logSecondFactor(request, 'verify', user.id, 'refused');
      throw fieldError(field, wrong);
    }
    if (outcome === 'wrong') return fail(request, user, field, wrong);
    if (!(await consumeChallenge(db, found.id, clock.now()))) throw fieldError('challenge', CHALLENGE_EXPIRED_MESSAGE);
    logSecondFactor(request, 'verify', user.id, 'ok');
    return { token: await issueToken(db, config, user.id, clock.now()) };
  });

  // --- 'Mijn account': status, new recovery codes, re-enrolment, each after a fresh code ---

  async function requireStaff(request: FastifyRequest) {
    const auth = await requireUser(request);
    if (!isStaffRole(auth.role)) throw forbidden();
    const [row] = await db.select({ id: users.id, email: users.email, name: users.name }).from(users).where(eq(users.id, auth.userId));
    if (!row) throw forbidden();
    return row;
  }

  async function requireFreshAnswer(request: FastifyRequest, user: { id: string; email: string; name: string | null }, answer: SecondFactorAnswer) {
    await refuseIfLocked(request, user.id);
    if (!isEnrolled(await getTwoFactor(db, user.id))) throw new AppError('conflict', NOT_ENROLLED_MESSAGE);
    const outcome = await checkAnswer(user.id, answer);
    const field = 'code' in answer ? 'code' : 'recovery_code';
    const wrong = 'code' in answer ? WRONG_TOTP_MESSAGE : WRONG_RECOVERY_CODE_MESSAGE;
    // A code used already (a replay) is refused without counting a failure: it is no guess.
    if (outcome === 'used') throw fieldError(field, wrong);
    if (outcome === 'wrong') await fail(request, user, field, wrong);
  }

  app.get('/api/account/two-factor', async (request) => {
    const user = await requireStaff(request);
    const row = await getTwoFactor(db, user.id);
    const enrolled = isEnrolled(row);
    return {
      data: {
        enabled: enrolled,
        enabled_at: enrolled ? (row.enabledAt?.toISOString() ?? null) : null,
        recovery_codes_remaining: enrolled ? await countUnusedRecoveryCodes(db, user.id) : 0,
      },
    };
  });

  app.post('/api/account/two-factor/recovery-codes', { schema: { body: FreshCodeRequestSchema }, config: { rateLimit } }, async (request) => {
    const user = await requireStaff(request);
    const body = request.body;
    await requireFreshAnswer(request, user, 'code' in body ? { code: body.code } : { recovery_code: body.recovery_code });
    const { codes, hashes } = await newRecoveryCodes(user.id);
    await replaceRecoveryCodes(db, user.id, hashes, clock.now());
    logSecondFactor(request, 'recovery_codes', user.id, 'ok');
    return { recovery_codes: codes };
  });

  app.post('/api/account/two-factor/setup', { schema: { body: FreshCodeRequestSchema }, config: { rateLimit } }, async (request) => {
    const user = await requireStaff(request);
    const body = request.body;
    await requireFreshAnswer(request, user, 'code' in body ? { code: body.code } : { recovery_code: body.recovery_code });
    logSecondFactor(request, 'setup', user.id, 'ok');
    return setupFor(user);
  });

  app.post('/api/account/two-factor/enable', { schema: { body: ConfirmCodeRequestSchema }, config: { rateLimit } }, async (request) => {
    const user = await requireStaff(request);
    await refuseIfLocked(request, user.id);
    return { recovery_codes: await confirmPending(request, user, request.body.code) };
  });
};
