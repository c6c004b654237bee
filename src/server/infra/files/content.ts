/** Extensions a browser may show inline, when the bytes match. */
export const PREVIEW_TYPES = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  svg: 'image/svg+xml',
} as const;
type PreviewExtension = keyof typeof PREVIEW_TYPES;
export const GENERIC_TYPE = 'application/octet-stream';
const MAX_FILENAME = 200;

/**
 * A user's file name made fit for display: no directory part, no control characters
 * (CR/LF included), no quotes or backslashes, at most 200 characters with the extension kept.
 * It is only ever shown and sent in Content-Disposition, never used as a storage path.
 */
export function sanitizeFilename(raw: string | undefined | null): string {
  let name = (raw ?? '').normalize('NFC');
  name = name.split(/[/\\]/).pop() ?? '';
  name = name
    // eslint-disable-next-line no-control-regex -- control characters (CR/LF) are what is removed
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ')
    // Bidi controls (U+202A–U+202E, U+2066–U+2069) and other invisible format characters (Cf):
    // 'factuur\u202Efdp.exe' would otherwise show as 'factuurexe.pdf'.
    .replace(/\p{Cf}/gu, '')
    .replace(/["`<>|*?:]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  name = name.replace(/^\.+/, '');
  if (!name) return 'bestand';
  if (name.length > MAX_FILENAME) {
    const dot = name.lastIndexOf('.');
    const extension = dot > 0 && name.length - dot <= 11 ? name.slice(dot) : '';
    name = name.slice(0, MAX_FILENAME - extension.length).trimEnd() + extension;
  }
  return name;
}

/** Lower-case extension of a (sanitised) file name: letters and digits only, at most 10. */
export function extensionOf(filename: string): string | null {
  const dot = filename.lastIndexOf('.');
  if (dot <= 0) return null;
  const extension = filename.slice(dot + 1).toLowerCase();
  return /^[a-z0-9]{1,10}$/.test(extension) ? extension : null;
}

/** What the first bytes say the file is, limited to the preview types. */
export function sniffType(head: Buffer): string {
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return PREVIEW_TYPES.pdf;
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return PREVIEW_TYPES.png;
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return PREVIEW_TYPES.jpg;
  const text = head
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(text))
    return PREVIEW_TYPES.svg;
  return GENERIC_TYPE;
}

/**
 * True when the first bytes are a program: a Windows PE ('MZ'), ELF, Mach-O (32/64 bit, both
 * byte orders, and universal binaries) or a script with a shebang ('#!'). No document of a
 * dismissal case is a program, so uploads of these are refused.
 */
export function isExecutable(head: Buffer): boolean {
  if (head.length >= 2 && head[0] === 0x4d && head[1] === 0x5a) return true;
  if (head.length >= 2 && head[0] === 0x23 && head[1] === 0x21) return true;
  if (head.length < 4) return false;
  const magic = head.readUInt32BE(0);
  return [0x7f454c46, 0xfeedface, 0xfeedfacf, 0xcefaedfe, 0xcffaedfe, 0xcafebabe, 0xbebafeca].includes(magic);
}

/** The stored content type, previewable only when the bytes match the extension. */
export function contentTypeFor(extension: string | null, sniffed: string): string {
  if (extension && extension in PREVIEW_TYPES && PREVIEW_TYPES[extension as PreviewExtension] === sniffed)
    return sniffed;
  return GENERIC_TYPE;
}

export const isPreviewable = (contentType: string | null) =>
  Object.values(PREVIEW_TYPES).includes(contentType as never);

/** Keeps the first `size` bytes that stream past (for sniffing). */
export function headCollector(size = 1024): { onChunk: (chunk: Buffer) => void; head: () => Buffer } {
  const chunks: Buffer[] = [];
  let kept = 0;
  return {
    onChunk: (chunk) => {
      if (kept >= size) return;
      const part = Buffer.from(chunk.subarray(0, size - kept));
      chunks.push(part);
      kept += part.length;
    },
    head: () => Buffer.concat(chunks),
  };
}

/** RFC 6266 Content-Disposition with an ASCII fallback and the UTF-8 name in filename*. */
export function contentDisposition(type: 'attachment' | 'inline', filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%;]/g, '_') || 'bestand';
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** CSP for a served file: nothing in it may run; an image or SVG is sandboxed. */
export function fileSecurityPolicy(contentType: string, inline: boolean): string {
  if (inline && contentType === PREVIEW_TYPES.pdf)
    return "default-src 'none'; object-src 'none'; frame-ancestors 'self'";
  if (inline && contentType === PREVIEW_TYPES.svg)
    return "sandbox; default-src 'none'; img-src data:; style-src 'unsafe-inline'; frame-ancestors 'self'";
  return "sandbox; default-src 'none'; frame-ancestors 'self'";
}
