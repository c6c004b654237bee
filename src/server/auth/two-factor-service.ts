import { isStaffRole, type Role } from '../../contract/permissions';
import type { TwoFactorRequiredResponse } from '../../contract/two-factor';
import type { Config } from '../infra/config/config';
import type { Db } from '../infra/db/client';
import { AppError } from '../infra/errors/errors';
import { generateToken, sha256Hex } from '../infra/lib/crypto';
import { enqueueMail } from '../infra/outbox/outbox';
import { createToken } from './queries';
import {
  decryptSecret,
  encryptSecret,
  generateRecoveryCodes,
  matchTotpStep,
  newTotpSecret,
  recoveryCodeHash,
} from './two-factor';
import {
  acceptStep,
  activatePendingSecret,
  countUnusedRecoveryCodes,
  createChallenge,
  getTwoFactor,
  isEnrolled,
  registerTwoFactorFailure,
  storePendingSecret,
  useRecoveryCode,
} from './two-factor-queries';

// The steps of the second factor, without HTTP: the routes (two-factor-routes.ts) check the
// challenge or session, call one of these, log the outcome and shape the answer.

// Translation keys (public/i18n, errors.twoFactor): the error handler gives them in the request's language.
export const CHALLENGE_EXPIRED_MESSAGE = 'errors.twoFactor.challengeExpired';
export const WRONG_TOTP_MESSAGE = 'errors.twoFactor.wrongCode';
export const WRONG_RECOVERY_CODE_MESSAGE = 'errors.twoFactor.wrongRecoveryCode';
export const TWO_FACTOR_LOCKED_MESSAGE = 'errors.twoFactor.locked';
export const ALREADY_ENROLLED_MESSAGE = 'errors.twoFactor.alreadyEnrolled';
export const SETUP_FIRST_MESSAGE = 'errors.twoFactor.setupFirst';
export const NOT_ENROLLED_MESSAGE = 'errors.twoFactor.notEnrolled';

export type SecondFactorAnswer = { code: string } | { recovery_code: string };

/**
 * After a correct e-mail code: a client gets a token at once; staff get a challenge for the
 * second step (and `setup_required` when they have not enrolled yet).
 */
export async function startSignIn(
  db: Db,
  config: Config,
  user: { id: string; role: Role },
  now: Date,
): Promise<{ token: string } | TwoFactorRequiredResponse> {
  if (!isStaffRole(user.role)) return { token: await issueToken(db, config, user.id, now) };
  const challenge = generateToken();
  await createChallenge(db, { userId: user.id, challengeHash: sha256Hex(challenge), now });
  const enrolled = isEnrolled(await getTwoFactor(db, user.id));
  return enrolled
    ? { two_factor_required: true, challenge }
    : { two_factor_required: true, challenge, setup_required: true };
}

export async function issueToken(db: Db, config: Config, userId: string, now: Date): Promise<string> {
  const token = generateToken();
  await createToken(db, { userId, tokenHash: sha256Hex(token), now, ttlMs: config.tokenTtlMs });
  return token;
}

/** Counts a failure for the account; the tenth in an hour locks it and mails its owner. */
export async function countTwoFactorFailure(db: Db, userId: string, now: Date): Promise<{ lockedNow: boolean }> {
  const { lockedNow } = await registerTwoFactorFailure(db, userId, now);
  if (lockedNow) await enqueueMail(db, { kind: 'two_factor_locked', to: { userId }, payload: {}, now });
  return { lockedNow };
}

/**
 * Checks a TOTP code (once per time step) or a recovery code (once) of an enrolled account.
 * 'used': a right code that was used already (a replay, or a parallel request that won): no
 * guess, refused without counting a failure.
 */
export async function checkAnswer(
  db: Db,
  config: Config,
  userId: string,
  answer: SecondFactorAnswer,
  now: Date,
): Promise<'ok' | 'used' | 'wrong'> {
  const row = await getTwoFactor(db, userId);
  if (!isEnrolled(row)) return 'wrong';
  if ('code' in answer) {
    const step = matchTotpStep(decryptSecret(config.appSecret, row.secret), answer.code, now);
    if (step === null) return 'wrong';
    return (await acceptStep(db, userId, step)) ? 'ok' : 'used';
  }
  return useRecoveryCode(db, userId, recoveryCodeHash(config.appSecret, userId, answer.recovery_code), now);
}

/** Ten new recovery codes, and their hashes to store. */
export function newRecoveryCodes(config: Config, userId: string) {
  const codes = generateRecoveryCodes();
  return { codes, hashes: codes.map((code) => recoveryCodeHash(config.appSecret, userId, code)) };
}

/** A new secret kept as pending (encrypted) until a code of it is confirmed. */
export async function setupPendingSecret(db: Db, config: Config, user: { id: string; email: string }) {
  const created = await newTotpSecret(config.site.productName, user.email);
  await storePendingSecret(db, user.id, encryptSecret(config.appSecret, created.secret));
  return { secret: created.secret, otpauth_url: created.otpauthUrl, qr_svg: created.qrSvg };
}

/**
 * Confirms a code of the pending secret and makes it the account's secret with 10 new
 * recovery codes; 'wrong' when the code does not fit (the caller counts the failure), a 409
 * when there is no pending secret (or another request activated it first).
 */
export async function confirmPendingSecret(
  db: Db,
  config: Config,
  userId: string,
  code: string,
  now: Date,
): Promise<{ codes: string[] } | 'wrong'> {
  const row = await getTwoFactor(db, userId);
  if (!row?.pendingSecret) throw new AppError('conflict', SETUP_FIRST_MESSAGE);
  const step = matchTotpStep(decryptSecret(config.appSecret, row.pendingSecret), code, now);
  if (step === null) return 'wrong';
  const { codes, hashes } = newRecoveryCodes(config, userId);
  if (!(await activatePendingSecret(db, { userId, pending: row.pendingSecret, step, codeHashes: hashes, now }))) {
    throw new AppError('conflict', SETUP_FIRST_MESSAGE);
  }
  return { codes };
}

/** 'Mijn account': whether the second factor is on, since when, and how many recovery codes are left. */
export async function getTwoFactorStatus(db: Db, userId: string) {
  const row = await getTwoFactor(db, userId);
  const enrolled = isEnrolled(row);
  return {
    enabled: enrolled,
    enabled_at: enrolled ? (row.enabledAt?.toISOString() ?? null) : null,
    recovery_codes_remaining: enrolled ? await countUnusedRecoveryCodes(db, userId) : 0,
  };
}
