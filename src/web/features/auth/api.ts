import { MessageResponseSchema, TokenResponseSchema, type MessageResponse } from '../../../contract/auth';
import {
  SignInResponseSchema,
  TwoFactorEnableResponseSchema,
  TwoFactorSetupResponseSchema,
  type SignInResponse,
  type TwoFactorEnableResponse,
  type TwoFactorSetupResponse,
} from '../../../contract/two-factor';
import type { TokenResponse } from '../../../contract/auth';
import { api } from '../../lib/api';

/** POST /api/code: mails a login code (the same answer for an unknown address). */
export function requestCode(email: string): Promise<MessageResponse> {
  return api.request('/api/code', { method: 'POST', body: { email }, schema: MessageResponseSchema, token: null });
}

/**
 * POST /api/token: exchanges the e-mail address and the mailed code for a token, or (staff) a second-factor challenge.
 */
export function requestToken(email: string, code: string): Promise<SignInResponse> {
  return api.request('/api/token', {
    method: 'POST',
    body: { email, code },
    schema: SignInResponseSchema,
    token: null,
  });
}

/** POST /api/token/two-factor/setup: a new TOTP secret with its QR code, for enrolment at sign-in. */
export function setupTwoFactor(challenge: string): Promise<TwoFactorSetupResponse> {
  return api.request('/api/token/two-factor/setup', {
    method: 'POST',
    body: { challenge },
    schema: TwoFactorSetupResponseSchema,
    token: null,
  });
}

/** POST /api/token/two-factor/enable: confirms the first code; answers the token and the recovery codes. */
export function enableTwoFactor(challenge: string, code: string): Promise<TwoFactorEnableResponse> {
  return api.request('/api/token/two-factor/enable', {
    method: 'POST',
    body: { challenge, code },
    schema: TwoFactorEnableResponseSchema,
    token: null,
  });
}

/** POST /api/token/two-factor: the second step with a TOTP code or a recovery code. */
export function verifyTwoFactor(
  challenge: string,
  answer: { code: string } | { recovery_code: string },
): Promise<TokenResponse> {
  return api.request('/api/token/two-factor', {
    method: 'POST',
    body: { challenge, ...answer },
    schema: TokenResponseSchema,
    token: null,
  });
}
