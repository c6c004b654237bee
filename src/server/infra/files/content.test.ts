import { describe, expect, it } from 'vitest';
import { contentDisposition, contentTypeFor, extensionOf, sanitizeFilename, sniffType } from './content';

describe('file names', () => {
  it('drops directories, control characters (CR/LF), quotes and leading dots', () => {
    expect(sanitizeFilename('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFilename('C:\\Users\\me\\loon.pdf')).toBe('loon.pdf');
    expect(sanitizeFilename('a\r\nSet-Cookie: x=1"\u0000.pdf')).toBe('a Set-Cookie x=1 .pdf');
    expect(sanitizeFilename('...verborgen')).toBe('verborgen');
    expect(sanitizeFilename('')).toBe('bestand');
    expect(sanitizeFilename('\r\n')).toBe('bestand');
  });

  it('cuts a 2,000-character name to 200 characters and keeps the extension', () => {
    const name = sanitizeFilename(`${'x'.repeat(2000)}.docx`);
    expect(name).toHaveLength(200);
    expect(name.endsWith('.docx')).toBe(true);
    expect(extensionOf(name)).toBe('docx');
    expect(extensionOf('geen-extensie')).toBeNull();
    expect(extensionOf('raar.p<d>f')).toBeNull();
  });

  it('builds an RFC 6266 header that cannot break out of its quotes', () => {
    expect(contentDisposition('attachment', 'één "brief".pdf')).toBe(
      `attachment; filename="__n _brief_.pdf"; filename*=UTF-8''%C3%A9%C3%A9n%20%22brief%22.pdf`,
    );
    expect(contentDisposition('inline', 'a\\b;c%.png')).toBe(
      `inline; filename="a_b_c_.png"; filename*=UTF-8''a%5Cb%3Bc%25.png`,
    );
  });
});

describe('content types', () => {
  it('previews only when the bytes match the extension', () => {
    const pdf = sniffType(Buffer.from('%PDF-1.7 ...'));
    expect(contentTypeFor('pdf', pdf)).toBe('application/pdf');
    expect(contentTypeFor('png', pdf)).toBe('application/octet-stream');
    expect(contentTypeFor('jpeg', sniffType(Buffer.from([0xff, 0xd8, 0xff, 0xe0])))).toBe('image/jpeg');
    expect(contentTypeFor('svg', sniffType(Buffer.from('\uFEFF <?xml version="1.0"?><!-- c --><svg xmlns="x">')))).toBe(
      'image/svg+xml',
    );
    expect(contentTypeFor('svg', sniffType(Buffer.from('<html><svg>')))).toBe('application/octet-stream');
    expect(contentTypeFor('html', sniffType(Buffer.from('<html>')))).toBe('application/octet-stream');
    expect(contentTypeFor(null, pdf)).toBe('application/octet-stream');
  });
});
