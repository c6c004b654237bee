/**
 * The document types a dismissal case has, checked by extension AND by the file's first bytes:
 * PDF, JPEG, PNG, HEIC/HEIF, WebP, TIFF, SVG, Word (DOC, DOCX), Excel (XLS, XLSX), ODT, ODS, RTF,
 * TXT, EML and MSG. The server refuses anything else with 422; the web app shows the list next to
 * every file picker and gives it to the input's accept attribute.
 */
type Kind = 'pdf' | 'jpeg' | 'png' | 'heif' | 'webp' | 'tiff' | 'svg' | 'ole' | 'zip' | 'rtf' | 'text';

const EXTENSION_KIND: Record<string, Kind> = {
  pdf: 'pdf',
  jpg: 'jpeg',
  jpeg: 'jpeg',
  png: 'png',
  heic: 'heif',
  heif: 'heif',
  webp: 'webp',
  tif: 'tiff',
  tiff: 'tiff',
  svg: 'svg',
  doc: 'ole',
  xls: 'ole',
  msg: 'ole',
  docx: 'zip',
  xlsx: 'zip',
  odt: 'zip',
  ods: 'zip',
  rtf: 'rtf',
  txt: 'text',
  eml: 'text',
};

export const ACCEPTED_UPLOAD_EXTENSIONS = Object.keys(EXTENSION_KIND);
/** For `<input type="file" accept="…">`. */
export const UPLOAD_ACCEPT_ATTRIBUTE = ACCEPTED_UPLOAD_EXTENSIONS.map((extension) => `.${extension}`).join(',');
/** The list as people read it (the same in both languages). */
export const ACCEPTED_UPLOAD_LABEL =
  'PDF, JPG, PNG, HEIC, WebP, TIFF, SVG, Word (DOC, DOCX), Excel (XLS, XLSX), ODT, ODS, RTF, TXT, EML, MSG';

const startsWith = (head: Uint8Array, bytes: number[], offset = 0) =>
  head.length >= offset + bytes.length && bytes.every((b, i) => head[offset + i] === b);
const ascii = (head: Uint8Array, from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
const HEIF_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs', 'mif1', 'msf1']);

/** Plain text (TXT, EML): no NUL or other control bytes besides tab, line breaks and form feed. */
function isText(head: Uint8Array): boolean {
  if (head.length === 0) return false;
  for (const byte of head)
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) return false;
  return true;
}

/** True when the bytes are what the kind says (the first KiB or so of the file). */
function matches(kind: Kind, head: Uint8Array): boolean {
  switch (kind) {
    case 'pdf':
      return ascii(head, 0, Math.min(head.length, 1024)).includes('%PDF-');
    case 'jpeg':
      return startsWith(head, [0xff, 0xd8, 0xff]);
    case 'png':
      return startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    case 'heif':
      return ascii(head, 4, 8) === 'ftyp' && HEIF_BRANDS.has(ascii(head, 8, 12));
    case 'webp':
      return ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP';
    case 'tiff':
      return startsWith(head, [0x49, 0x49, 0x2a, 0x00]) || startsWith(head, [0x4d, 0x4d, 0x00, 0x2a]);
    case 'svg': {
      const text = new TextDecoder()
        .decode(head)
        .replace(/^\uFEFF/, '')
        .trimStart();
      return /^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(text);
    }
    case 'ole':
      return startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    case 'zip':
      return startsWith(head, [0x50, 0x4b, 0x03, 0x04]);
    case 'rtf':
      return ascii(head, 0, 5) === '{\\rtf';
    case 'text':
      return isText(head) && !/^\s*<(!doctype html|html|script|svg)/i.test(new TextDecoder().decode(head));
  }
}

/** True when the extension is on the list and the first bytes are of that type. */
export function isAcceptedUpload(extension: string | null, head: Uint8Array): boolean {
  const kind = extension ? EXTENSION_KIND[extension.toLowerCase()] : undefined;
  return kind !== undefined && matches(kind, head);
}

/** True when a file name has an extension on the list (what the browser can check before sending). */
export function hasAcceptedExtension(filename: string): boolean {
  const dot = filename.lastIndexOf('.');
  return dot > 0 && filename.slice(dot + 1).toLowerCase() in EXTENSION_KIND;
}
