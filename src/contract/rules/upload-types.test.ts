import { describe, expect, it } from 'vitest';
import { hasAcceptedExtension, isAcceptedUpload, UPLOAD_ACCEPT_ATTRIBUTE } from './upload-types';

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...Buffer.from(p, 'latin1')] : p)));

describe('isAcceptedUpload', () => {
  it('accepts each listed type when its bytes match its extension', () => {
    const ok: [string, Uint8Array][] = [
      ['pdf', bytes('%PDF-1.7\n')],
      ['jpg', bytes([0xff, 0xd8, 0xff, 0xe0])],
      ['jpeg', bytes([0xff, 0xd8, 0xff, 0xe1])],
      ['png', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
      ['heic', bytes([0, 0, 0, 0x18], 'ftypheic')],
      ['heif', bytes([0, 0, 0, 0x18], 'ftypmif1')],
      ['webp', bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 ')],
      ['tif', bytes([0x49, 0x49, 0x2a, 0x00])],
      ['tiff', bytes([0x4d, 0x4d, 0x00, 0x2a])],
      ['svg', bytes('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"></svg>')],
      ['doc', bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])],
      ['xls', bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])],
      ['msg', bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])],
      ['docx', bytes('PK', [3, 4])],
      ['xlsx', bytes('PK', [3, 4])],
      ['odt', bytes('PK', [3, 4])],
      ['ods', bytes('PK', [3, 4])],
      ['rtf', bytes('{\\rtf1\\ansi')],
      ['txt', bytes('Beste meneer,\r\n\tTot ziens.')],
      ['eml', bytes('From: a@example.com\r\nSubject: Ontslag\r\n\r\nTekst')],
    ];
    for (const [extension, head] of ok) expect(isAcceptedUpload(extension, head), extension).toBe(true);
    expect(isAcceptedUpload('PDF', bytes('%PDF-1.4'))).toBe(true);
  });

  it('refuses HTML named .pdf, bytes of another type, unknown extensions and binary text', () => {
    expect(isAcceptedUpload('pdf', bytes('<!DOCTYPE html><html><script>alert(1)</script></html>'))).toBe(false);
    expect(isAcceptedUpload('pdf', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(false);
    expect(isAcceptedUpload('docx', bytes('%PDF-1.4'))).toBe(false);
    expect(isAcceptedUpload('html', bytes('<html></html>'))).toBe(false);
    expect(isAcceptedUpload('zip', bytes('PK', [3, 4]))).toBe(false);
    expect(isAcceptedUpload(null, bytes('%PDF-1.4'))).toBe(false);
    expect(isAcceptedUpload('txt', bytes('abc', [0], 'def'))).toBe(false);
    expect(isAcceptedUpload('txt', bytes('<html><body>hi</body></html>'))).toBe(false);
    expect(isAcceptedUpload('txt', bytes(''))).toBe(false);
  });

  it('gives the browser the same list', () => {
    expect(UPLOAD_ACCEPT_ATTRIBUTE.split(',')).toEqual(
      expect.arrayContaining(['.pdf', '.heic', '.docx', '.msg', '.eml']),
    );
    expect(hasAcceptedExtension('Loonstrook.PDF')).toBe(true);
    expect(hasAcceptedExtension('site.html')).toBe(false);
  });
});
