import { promisify } from 'node:util';
import { constants, inflate } from 'node:zlib';

const inflateAsync = promisify(inflate);

/**
 * Active content in an uploaded file, found while it streams past (onChunk), without keeping
 * the file in memory:
 * - a PDF with an action that runs or opens something: the names /JS, /JavaScript, /OpenAction
 *   or /Launch (also when written with #xx escapes, '/J#61vaScript'), in the file's dictionaries
 *   and in its compressed object streams (/ObjStm, inflated here with a cap); the bodies of other
 *   streams (page content, images, fonts) hold no actions and are skipped;
 * - an Office Open XML or OpenDocument file (.docx, .xlsx, .odt, .ods: a zip) with a macro
 *   project: an entry `vbaProject.bin` (or its signature), or OpenDocument's `Basic/` or
 *   `Scripts/` folders, named in the zip's local or central headers;
 * - an old binary Office file (.doc, .xls, .msg) with a `_VBA_PROJECT` or `Macros` storage.
 *
 * `result()` is 'active' for any of these, 'unchecked' when an object stream was too large or
 * too many to inflate (refused as well: it cannot be shown to be safe), else 'clean'.
 */
export type ActiveContentResult = 'clean' | 'active' | 'unchecked';

/** The names of a PDF action that runs script or opens something on opening or a click. */
const PDF_ACTIVE_NAMES = new Set(['JS', 'JavaScript', 'OpenAction', 'Launch']);
/** What one object stream may be, compressed, and all of them together once inflated. */
const MAX_OBJECT_STREAM_BYTES = 8 * 1024 * 1024;
const MAX_INFLATED_BYTES = 32 * 1024 * 1024;
/** What is kept of a chunk's end to find a name or header that the next chunk completes. */
const CARRY = 4_096;

const PDF_NAME = /\/([^\s/<>[\]()%{}]+)/g;
const STREAM_START = />>\s*stream(?:\r\n|\n|\r)/g;

/** The names in a stretch of PDF syntax, #xx escapes decoded ('/J#61vaScript' is 'JavaScript'). */
export function pdfNames(text: string): string[] {
  return [...text.matchAll(PDF_NAME)].map((match) =>
    (match[1] as string).replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
  );
}

/** True when a stretch of PDF syntax names an action (PDF_ACTIVE_NAMES). */
export const pdfNamesActive = (text: string) => pdfNames(text).some((name) => PDF_ACTIVE_NAMES.has(name));

/** The standard filters (and abbreviations): an object stream is read here only unfiltered or with Flate alone. */
const PDF_FILTERS = new Set([
  'ASCIIHexDecode',
  'ASCII85Decode',
  'LZWDecode',
  'FlateDecode',
  'RunLengthDecode',
  'CCITTFaxDecode',
  'JBIG2Decode',
  'DCTDecode',
  'JPXDecode',
  'Crypt',
  'AHx',
  'A85',
  'LZW',
  'Fl',
  'RL',
  'CCF',
  'DCT',
]);

/** A zip entry name that is a macro project. */
export function isMacroEntry(name: string): boolean {
  const lower = name.toLowerCase().replace(/\\/g, '/');
  const base = lower.slice(lower.lastIndexOf('/') + 1);
  return (
    base === 'vbaproject.bin' ||
    base === 'vbaprojectsignature.bin' ||
    lower.startsWith('basic/') ||
    lower.startsWith('scripts/')
  );
}

// A compound file's directory names its storages in UTF-16LE: each letter followed by a zero byte.
const OLE_MACRO =
  // eslint-disable-next-line no-control-regex -- those zero bytes are what is matched
  /_\x00V\x00B\x00A\x00_\x00P\x00R\x00O\x00J\x00E\x00C\x00T\x00|M\x00a\x00c\x00r\x00o\x00s\x00\x00\x00/i;

export function activeContentScanner(): {
  onChunk: (chunk: Buffer) => void;
  result: () => Promise<ActiveContentResult>;
} {
  let kind: 'pending' | 'pdf' | 'zip' | 'ole' | 'none' = 'pending';
  let head = '';
  let carry = '';
  let active = false;
  let unchecked = false;
  // PDF: inside a stream's body, and that body when it is an object stream.
  let inStream = false;
  let objectStream: { parts: string[]; size: number; flate: boolean } | null = null;
  let inflated = 0;
  // An encrypted PDF's object streams cannot be read without its key: not checked.
  let sawObjectStream = false;
  let encrypted = false;
  const checkPdfSyntax = (text: string) => {
    const names = pdfNames(text);
    if (names.some((name) => PDF_ACTIVE_NAMES.has(name))) active = true;
    if (names.includes('Encrypt')) encrypted = true;
  };
  const inflating: Promise<void>[] = [];

  const inflateObjectStream = (body: string, flate: boolean) => {
    if (!flate) {
      if (pdfNamesActive(body)) active = true;
      return;
    }
    const room = MAX_INFLATED_BYTES - inflated;
    if (room <= 0) {
      unchecked = true;
      return;
    }
    inflating.push(
      inflateAsync(Buffer.from(body, 'latin1'), { maxOutputLength: room, finishFlush: constants.Z_SYNC_FLUSH })
        .then((out) => {
          inflated += out.length;
          if (pdfNamesActive(out.toString('latin1'))) active = true;
        })
        .catch((error: unknown) => {
          // Over the cap: not checked. A stream that does not inflate is no object any reader sees.
          if (error instanceof RangeError || (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
            unchecked = true;
        }),
    );
  };

  const scanPdf = (text: string) => {
    let at = 0;
    for (;;) {
      if (!inStream) {
        STREAM_START.lastIndex = at;
        const start = STREAM_START.exec(text);
        if (!start) {
          checkPdfSyntax(text.slice(at));
          carry = text.slice(Math.max(at, text.length - CARRY));
          return;
        }
        const dictionaryEnd = start.index + 2;
        const objectStart = text.lastIndexOf('obj', start.index);
        const dictionary = text.slice(Math.max(at, objectStart, 0), dictionaryEnd);
        checkPdfSyntax(text.slice(at, dictionaryEnd));
        const names = pdfNames(dictionary);
        objectStream = null;
        if (names.includes('ObjStm')) {
          sawObjectStream = true;
          const filters = names.filter((name) => PDF_FILTERS.has(name));
          if (filters.length === 0) objectStream = { parts: [], size: 0, flate: false };
          else if (filters.length === 1 && (filters[0] === 'FlateDecode' || filters[0] === 'Fl'))
            objectStream = { parts: [], size: 0, flate: true };
          else unchecked = true;
        }
        inStream = true;
        at = start.index + start[0].length;
        continue;
      }
      const end = text.indexOf('endstream', at);
      const bodyEnd = end === -1 ? Math.max(at, text.length - 8) : end;
      if (objectStream) {
        objectStream.size += bodyEnd - at;
        if (objectStream.size > MAX_OBJECT_STREAM_BYTES) {
          unchecked = true;
          objectStream = null;
        } else objectStream.parts.push(text.slice(at, bodyEnd));
      }
      if (end === -1) {
        carry = text.slice(bodyEnd);
        return;
      }
      if (objectStream) inflateObjectStream(objectStream.parts.join(''), objectStream.flate);
      objectStream = null;
      inStream = false;
      at = end + 'endstream'.length;
    }
  };

  const scanZip = (text: string) => {
    // Local file header: 30 bytes, the name's length at 26. Central directory header: 46 bytes, at 28.
    for (const [signature, fixed, lengthAt] of [
      ['PK\x03\x04', 30, 26],
      ['PK\x01\x02', 46, 28],
    ] as const) {
      for (let i = text.indexOf(signature); i !== -1; i = text.indexOf(signature, i + 4)) {
        if (i + fixed > text.length) break;
        const length = text.charCodeAt(i + lengthAt) | (text.charCodeAt(i + lengthAt + 1) << 8);
        if (i + fixed + length > text.length) break;
        if (isMacroEntry(text.slice(i + fixed, i + fixed + length))) active = true;
      }
    }
    carry = text.slice(Math.max(0, text.length - CARRY));
  };

  const scan = (text: string) => {
    if (kind === 'pdf') scanPdf(text);
    else if (kind === 'zip') scanZip(text);
    else if (kind === 'ole') {
      if (OLE_MACRO.test(text)) active = true;
      carry = text.slice(Math.max(0, text.length - 64));
    }
  };

  const decide = () => {
    if (head.slice(0, 1024).includes('%PDF-')) kind = 'pdf';
    else if (head.startsWith('PK\x03\x04')) kind = 'zip';
    else if (head.startsWith('\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1')) kind = 'ole';
    else kind = 'none';
    const first = head;
    head = '';
    scan(first);
  };

  return {
    onChunk(chunk) {
      if (kind === 'none') return;
      const text = chunk.toString('latin1');
      if (kind === 'pending') {
        head += text;
        if (head.length >= 1024) decide();
        return;
      }
      scan(carry + text);
    },
    async result() {
      if (kind === 'pending') decide();
      if (kind === 'pdf' && inStream && objectStream) {
        inflateObjectStream(objectStream.parts.join('') + carry, objectStream.flate);
        objectStream = null;
      }
      await Promise.all(inflating);
      if (encrypted && sawObjectStream) unchecked = true;
      return active ? 'active' : unchecked ? 'unchecked' : 'clean';
    },
  };
}
