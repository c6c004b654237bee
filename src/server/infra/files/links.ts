import { hmac, safeEqual } from '../lib/crypto';

export const LINK_LIFETIME_MS = 5 * 60_000;

/**
 * An HMAC-signed server link to a stored file, valid until `expires` (unix seconds).
 * `kind` and `id` name what is served (e.g. documents/{documentId}); the signature also
 * covers the file version so a link to a replaced file stops working.
 */
export function signFileLink(
  secret: string,
  input: { kind: string; id: string; version: number; now: Date },
): { url: string; expiresAt: number } {
  const expiresAt = Math.floor((input.now.getTime() + LINK_LIFETIME_MS) / 1000);
  const signature = hmac(secret, 'file-link', `${input.kind}/${input.id}/${input.version}/${expiresAt}`).toString(
    'base64url',
  );
  return {
    url: `/files/${input.kind}/${input.id}?v=${input.version}&expires=${expiresAt}&signature=${signature}`,
    expiresAt,
  };
}

/** True when the signature matches and the link has not expired. */
export function verifyFileLink(
  secret: string,
  input: { kind: string; id: string; version: string; expires: string; signature: string; now: Date },
): boolean {
  if (!/^\d{1,12}$/.test(input.expires) || !/^\d{1,9}$/.test(input.version)) return false;
  if (Number(input.expires) * 1000 < input.now.getTime()) return false;
  const expected = hmac(secret, 'file-link', `${input.kind}/${input.id}/${input.version}/${input.expires}`);
  let given: Buffer;
  try {
    given = Buffer.from(input.signature, 'base64url');
  } catch {
    return false;
  }
  return safeEqual(expected, given);
}
