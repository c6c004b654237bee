import mammoth from 'mammoth';
import yauzl from 'yauzl';
import { isMacroEntry } from '../infra/files/active-content';

/**
 * What reading an agreement's text may cost, apart from the time and memory of the worker it runs
 * in (text-jobs.ts). A .docx is a zip: it may hold at most `maxEntries` entries, declare at most
 * `maxUnpackedBytes` in all, and each XML part mammoth reads may unpack to at most `maxPartBytes`
 * (checked while unpacking, so a zip that understates its sizes is caught too). A PDF may have at
 * most `maxPages` pages. The text is cut at `maxChars`.
 */
export const EXTRACTION_LIMITS = {
  maxEntries: 1_000,
  maxUnpackedBytes: 64 * 1024 * 1024,
  maxPartBytes: 16 * 1024 * 1024,
  maxPages: 300,
  maxChars: 200_000,
};
export type ExtractionLimits = typeof EXTRACTION_LIMITS;

/** Why a file's text is not read: over a limit, active content, or not what its extension says. */
export type RefusalReason = 'too_large' | 'too_many_pages' | 'active_content' | 'unreadable';

export class ExtractionRefused extends Error {
  constructor(readonly reason: RefusalReason) {
    super(reason);
  }
}

/**
 * The plain text of an uploaded agreement, for the redline: .docx through mammoth (its raw
 * text: paragraphs separated by blank lines) after checkDocx, .pdf through pdf.js (Mozilla's
 * parser, its legacy build, which runs in Node without a browser) up to `maxPages`. Anything else
 * has no text. Throws ExtractionRefused. Runs in the text worker (text-worker.ts), never on the
 * request thread.
 */
export async function extractText(
  extension: string | null,
  bytes: Buffer,
  limits: ExtractionLimits = EXTRACTION_LIMITS,
): Promise<string> {
  if (extension === 'docx') {
    await checkDocx(bytes, limits);
    let value: string;
    try {
      ({ value } = await mammoth.extractRawText({ buffer: bytes }));
    } catch {
      throw new ExtractionRefused('unreadable');
    }
    return normalise(value).slice(0, limits.maxChars);
  }
  if (extension === 'pdf') return normalise(await pdfText(bytes, limits)).slice(0, limits.maxChars);
  throw new ExtractionRefused('unreadable');
}

const PART = /\.(xml|rels)$/i;

/**
 * A .docx before mammoth opens it (yauzl reads the zip's directory, then unpacks every XML part
 * with its sizes checked against what the directory says): refused when it has a macro project,
 * too many entries, declares too much, or a part unpacks to more than `maxPartBytes`.
 */
export async function checkDocx(bytes: Buffer, limits: ExtractionLimits = EXTRACTION_LIMITS): Promise<void> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false }, (error, file) =>
      error ? reject(new ExtractionRefused('unreadable')) : resolve(file),
    ),
  );
  try {
    await new Promise<void>((resolve, reject) => {
      let entries = 0;
      let declared = 0;
      zip.on('error', () => reject(new ExtractionRefused('unreadable')));
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        entries += 1;
        declared += entry.uncompressedSize;
        if (isMacroEntry(entry.fileName)) return reject(new ExtractionRefused('active_content'));
        if (entries > limits.maxEntries || declared > limits.maxUnpackedBytes)
          return reject(new ExtractionRefused('too_large'));
        if (!PART.test(entry.fileName)) return zip.readEntry();
        if (entry.uncompressedSize > limits.maxPartBytes) return reject(new ExtractionRefused('too_large'));
        zip.openReadStream(entry, (error, stream) => {
          if (error) return reject(new ExtractionRefused('unreadable'));
          let unpacked = 0;
          stream.on('data', (chunk: Buffer) => {
            unpacked += chunk.length;
            if (unpacked > limits.maxPartBytes) {
              stream.destroy();
              reject(new ExtractionRefused('too_large'));
            }
          });
          // yauzl fails a stream that unpacks to more (or less) than its entry declared.
          stream.on('error', (cause: Error) =>
            reject(new ExtractionRefused(/too many bytes/i.test(cause.message) ? 'too_large' : 'unreadable')),
          );
          stream.on('end', () => zip.readEntry());
        });
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
}

async function pdfText(bytes: Buffer, limits: ExtractionLimits): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  let document: Awaited<ReturnType<typeof pdfjs.getDocument>['promise']>;
  try {
    document = await pdfjs.getDocument({
      data: new Uint8Array(bytes),
      useSystemFonts: false,
      isEvalSupported: false,
      disableFontFace: true,
      verbosity: 0,
    }).promise;
  } catch {
    throw new ExtractionRefused('unreadable');
  }
  try {
    if (document.numPages > limits.maxPages) throw new ExtractionRefused('too_many_pages');
    const lines: string[] = [];
    let length = 0;
    for (let number = 1; number <= document.numPages && length <= limits.maxChars; number++) {
      let content: Awaited<ReturnType<Awaited<ReturnType<typeof document.getPage>>['getTextContent']>>;
      try {
        content = await (await document.getPage(number)).getTextContent();
      } catch {
        throw new ExtractionRefused('unreadable');
      }
      let line = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        line += item.str;
        if (item.hasEOL) {
          lines.push(line);
          length += line.length + 1;
          line = '';
        }
      }
      if (line) lines.push(line);
      length += line.length;
    }
    // Pages are joined by a line break, not a blank line: a page ends anywhere in a paragraph.
    return lines.join('\n');
  } finally {
    await document.destroy();
  }
}

/** Line ends as \n, trailing spaces and runs of blank lines trimmed. */
function normalise(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
