import { describe, expect, it } from 'vitest';
import { getDisplayName, hasAvatar } from './display-name';

describe('getDisplayName', () => {
  it('joins the non-empty parts with spaces', () => {
    expect(getDisplayName({ name: 'Jan', infix: 'van der', last_name: 'Berg' })).toBe('Jan van der Berg');
    expect(getDisplayName({ name: 'Jan', infix: '', last_name: 'Berg' })).toBe('Jan Berg');
    expect(getDisplayName({ name: ' ', infix: null, last_name: 'Berg' })).toBe('Berg');
  });
  it("reads 'Onbekend' when every part is empty", () => {
    expect(getDisplayName({})).toBe('Onbekend');
    expect(getDisplayName({ name: '', infix: null, last_name: '  ' })).toBe('Onbekend');
  });
});

describe('hasAvatar', () => {
  it("treats empty and the bare '/storage/' prefix as missing", () => {
    expect(hasAvatar(null)).toBe(false);
    expect(hasAvatar('')).toBe(false);
    expect(hasAvatar('/storage/')).toBe(false);
    expect(hasAvatar('/files/avatars/abc.webp')).toBe(true);
  });
});
