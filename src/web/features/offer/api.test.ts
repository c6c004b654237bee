import { describe, expect, it } from 'vitest';
import { readConsentCookies } from './api';

describe('readConsentCookies', () => {
  it("takes gclid as it is and the consent flags as 'true'/'false', skipping absent ones", () => {
    expect(
      readConsentCookies(
        'other=1; gclid=abc%20def; ad_storage=granted; analytics_storage=denied; security_storage=true',
      ),
    ).toEqual([
      { name: 'gclid', value: 'abc def' },
      { name: 'security_storage', value: 'true' },
      { name: 'analytics_storage', value: 'false' },
      { name: 'ad_storage', value: 'true' },
    ]);
  });
  it('sends nothing without cookies', () => {
    expect(readConsentCookies('')).toEqual([]);
  });
});
