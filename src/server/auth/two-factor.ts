import { createCipheriv, createDecipheriv, randomBytes, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import {
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_COUNT,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
} from '../../contract/two-factor';
import { hmac } from '../infra/lib/crypto';

/** Accept the code of the previous and the next 30 s step as well (clock drift). */
const DRIFT_STEPS = 1;

/** AES-256-GCM with a key derived from APP_SECRET; stored as `v1.<base64url iv|tag|ciphertext>`. */
export function encryptSecret(appSecret: string, base32: string): string {
  const key = hmac(appSecret, 'totp-secret-key', 'v1');
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final()]);
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

export function decryptSecret(appSecret: string, stored: string): string {
  const [version, payload] = stored.split('.');
  if (version !== 'v1' || !payload) throw new Error('Unknown second-factor secret format');
  const raw = Buffer.from(payload, 'base64url');
  const key = hmac(appSecret, 'totp-secret-key', 'v1');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

function totpOf(base32: string, issuer: string, label: string): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(base32),
  });
}

/** A new 160-bit secret with its otpauth:// URL and a QR code (SVG) of that URL. */
export async function newTotpSecret(
  issuer: string,
  label: string,
): Promise<{ secret: string; otpauthUrl: string; qrSvg: string }> {
  const secret = new Secret({ size: 20 }).base32;
  const otpauthUrl = totpOf(secret, issuer, label).toString();
  const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, otpauthUrl, qrSvg };
}

/**
 * The time step a code belongs to (within the drift window), or null when it is wrong.
 * The caller refuses a step that is not newer than the last accepted one (no replay).
 */
export function matchTotpStep(base32: string, code: string, now: Date): number | null {
  const delta = totpOf(base32, 'x', 'x').validate({ token: code, timestamp: now.getTime(), window: DRIFT_STEPS });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/** Ten recovery codes, XXXXX-XXXXX from 32 symbols (50 bits each), drawn without bias. */
export function generateRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    let code = '';
    for (let i = 0; i < 10; i++) code += RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)];
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

/** Recovery codes are stored as an HMAC of the normalised code (upper case, no dash). */
export function recoveryCodeHash(appSecret: string, userId: string, code: string): string {
  return hmac(appSecret, 'recovery-code', `${userId}:${code.replace(/[\s-]+/g, '').toUpperCase()}`).toString('hex');
}
