import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { LOGIN_CODE_ALPHABET, LOGIN_CODE_LENGTH } from '../../contract/auth';

export function hmac(secret: string, purpose: string, value: string): Buffer {
  return createHmac('sha256', secret).update(`${purpose}\0${value}`).digest();
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function safeEqual(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

/** 6 symbols from the 32-symbol alphabet, drawn without modulo bias. */
export function generateLoginCode(): string {
  let code = '';
  for (let i = 0; i < LOGIN_CODE_LENGTH; i++) code += LOGIN_CODE_ALPHABET[randomInt(LOGIN_CODE_ALPHABET.length)];
  return code;
}

/** 256-bit random bearer token. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}
