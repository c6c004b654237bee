import { describe, expect, it } from 'vitest';
import { LINK_LIFETIME_MS, signFileLink, verifyFileLink } from './links';

const secret = 's'.repeat(40);
const now = new Date('2026-03-01T10:00:00Z');

function parts(url: string) {
  const u = new URL(url, 'http://x');
  return {
    version: u.searchParams.get('v') ?? '',
    expires: u.searchParams.get('expires') ?? '',
    signature: u.searchParams.get('signature') ?? '',
  };
}

describe('signed file links', () => {
  it('accepts its own link until it expires after 5 minutes', () => {
    const link = signFileLink(secret, { kind: 'documents', id: 'abc', version: 2, now });
    expect(link.expiresAt).toBe(Math.floor((now.getTime() + LINK_LIFETIME_MS) / 1000));
    expect(verifyFileLink(secret, { kind: 'documents', id: 'abc', ...parts(link.url), now })).toBe(true);
    expect(
      verifyFileLink(secret, {
        kind: 'documents',
        id: 'abc',
        ...parts(link.url),
        now: new Date(now.getTime() + LINK_LIFETIME_MS + 1000),
      }),
    ).toBe(false);
  });

  it('refuses an altered id, version, expiry or signature', () => {
    const link = signFileLink(secret, { kind: 'documents', id: 'abc', version: 2, now });
    const p = parts(link.url);
    expect(verifyFileLink(secret, { kind: 'documents', id: 'abd', ...p, now })).toBe(false);
    expect(verifyFileLink(secret, { kind: 'documents', id: 'abc', ...p, version: '3', now })).toBe(false);
    expect(
      verifyFileLink(secret, { kind: 'documents', id: 'abc', ...p, expires: String(Number(p.expires) + 60), now }),
    ).toBe(false);
    expect(
      verifyFileLink(secret, { kind: 'documents', id: 'abc', ...p, signature: p.signature.slice(0, -2) + 'AA', now }),
    ).toBe(false);
    expect(verifyFileLink(secret, { kind: 'avatars', id: 'abc', ...p, now })).toBe(false);
    expect(verifyFileLink('o'.repeat(40), { kind: 'documents', id: 'abc', ...p, now })).toBe(false);
    expect(verifyFileLink(secret, { kind: 'documents', id: 'abc', ...p, expires: 'never', now })).toBe(false);
  });
});
