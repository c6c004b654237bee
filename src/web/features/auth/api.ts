import { MessageResponseSchema, TokenResponseSchema, type MessageResponse, type TokenResponse } from '../../../contract/auth';
import { api } from '../../lib/api';

/** POST /api/code: mails a login code (the same answer for an unknown address). */
export function requestCode(email: string): Promise<MessageResponse> {
  return api.request('/api/code', { method: 'POST', body: { email }, schema: MessageResponseSchema, token: null });
}

/** POST /api/token: exchanges the e-mail address and the mailed code for a token. */
export function requestToken(email: string, code: string): Promise<TokenResponse> {
  return api.request('/api/token', { method: 'POST', body: { email, code }, schema: TokenResponseSchema, token: null });
}
