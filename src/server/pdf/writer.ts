import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Color, PDFDocument, PDFFont, PDFPage } from 'pdf-lib';

/**
 * The one way the portal writes a PDF (the engagement letter and its signed copy, the draft
 * dissolution letter, the data export's summary, and any later one): text top-down on A4 pages,
 * wrapped at the page width, in DejaVu Sans (regular and bold) from the `dejavu-fonts-ttf`
 * package, embedded as a subset through `@pdf-lib/fontkit` (docs/decisions/057). The font covers
 * every Latin letter (Polish, Turkish, Romanian, Czech, …) plus Greek and Cyrillic, so a name
 * such as 'Łukasz Wójcik', 'Şükrü Öztürk' or 'Ștefan' prints as typed and reads back from the
 * PDF as text. No text is rewritten to fit a narrower encoding.
 *
 * pdf-lib and fontkit are loaded with the first PDF, not at start-up: importing them is about
 * an eighth of a start's CPU, and most processes (a CLI command, an instance that only answers
 * reads) never write a PDF.
 */

const require = createRequire(import.meta.url);

type Libraries = {
  PDFDocument: typeof PDFDocument;
  ink: Color;
  fontkit: Parameters<PDFDocument['registerFontkit']>[0];
};
let libraries: Promise<Libraries> | undefined;

/** pdf-lib and fontkit, imported once, on first use. */
function pdfLibraries(): Promise<Libraries> {
  libraries ??= Promise.all([import('pdf-lib'), import('@pdf-lib/fontkit')]).then(([lib, fontkit]) => ({
    PDFDocument: lib.PDFDocument,
    ink: lib.rgb(0.1, 0.1, 0.12),
    fontkit: fontkit.default,
  }));
  return libraries;
}

type FontFiles = { regular: Uint8Array; bold: Uint8Array };
let fontFiles: FontFiles | null = null;

/** The TrueType files, read once from the installed package (never downloaded). */
function fonts(): FontFiles {
  fontFiles ??= {
    regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  };
  return fontFiles;
}

export const A4: [number, number] = [595.28, 841.89];

export type PdfMeta = {
  title: string;
  author?: string;
  /** BCP 47, e.g. 'nl-NL': screen readers read the document in that language. */
  language?: string;
  created?: Date;
  modified?: Date;
};

export type TextOptions = { size?: number; bold?: boolean; indent?: number; gap?: number };

/**
 * Text as the font can draw it: NFC (a letter and its combining mark become one letter where
 * Unicode has one), tabs and other control characters as spaces, line breaks kept for `text`.
 */
export function printable(value: string): string {
  return (
    value
      .normalize('NFC')
      .replace(/\r\n?/g, '\n')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u2028\u2029]/g, ' ')
  );
}

/**
 * The widths of the texts a font has measured, at size 1. pdf-lib measures a text as the sum of
 * its glyphs' advances (no kerning, and no ligatures here), so a line is as wide as its words and
 * spaces together: a paragraph is measured word by word, each word once, instead of the whole
 * line again for every word it gains.
 */
const measured = new WeakMap<PDFFont, Map<string, number>>();

function widthAt(font: PDFFont, text: string, size: number): number {
  let widths = measured.get(font);
  if (!widths) measured.set(font, (widths = new Map()));
  let width = widths.get(text);
  if (width === undefined) {
    width = font.widthOfTextAtSize(text, 1);
    widths.set(text, width);
  }
  return width * size;
}

/**
 * Lines of one paragraph that fit `width` at `size`: broken between words, and inside a word
 * that is wider than the line by itself (a long address, a browser's user agent).
 */
export function wrapLine(value: string, font: PDFFont, size: number, width: number): string[] {
  // A word wider than the line is cut by measuring its parts (not kept: they are seldom measured twice).
  const fits = (text: string) => font.widthOfTextAtSize(text, size) <= width;
  const space = widthAt(font, ' ', size);
  const lines: string[] = [];
  let line = '';
  let lineWidth = 0;
  for (const word of value.split(/ +/).filter(Boolean)) {
    const wordWidth = widthAt(font, word, size);
    const nextWidth = line ? lineWidth + space + wordWidth : wordWidth;
    if (nextWidth <= width) {
      line = line ? `${line} ${word}` : word;
      lineWidth = nextWidth;
      continue;
    }
    if (line) lines.push(line);
    let rest = word;
    while (!fits(rest)) {
      const chars = Array.from(rest);
      let take = chars.length - 1;
      while (take > 1 && !fits(chars.slice(0, take).join(''))) take--;
      lines.push(chars.slice(0, take).join(''));
      rest = chars.slice(take).join('');
    }
    line = rest;
    lineWidth = widthAt(font, rest, size);
  }
  lines.push(line);
  return lines;
}

/** Writes lines top-down, wrapping at the page width and starting new pages as needed. */
export class PdfWriter {
  private page: PDFPage;
  private y: number;
  private constructor(
    readonly pdf: PDFDocument,
    private readonly fonts: { regular: PDFFont; bold: PDFFont },
    private readonly ink: Color,
    private readonly margin: number,
  ) {
    this.page = pdf.addPage(A4);
    this.y = A4[1] - margin;
  }

  /** A new document. */
  static async create(meta: PdfMeta, options: { margin?: number } = {}): Promise<PdfWriter> {
    const libs = await pdfLibraries();
    const pdf = await libs.PDFDocument.create();
    setMeta(pdf, meta);
    if (meta.created) pdf.setCreationDate(meta.created);
    return new PdfWriter(pdf, await embedFonts(pdf, libs), libs.ink, options.margin ?? 56);
  }

  /** New pages after an existing document's own (the signed copy after the letter). */
  static async extend(bytes: Uint8Array, meta: PdfMeta, options: { margin?: number } = {}): Promise<PdfWriter> {
    const libs = await pdfLibraries();
    const pdf = await libs.PDFDocument.load(bytes);
    setMeta(pdf, meta);
    return new PdfWriter(pdf, await embedFonts(pdf, libs), libs.ink, options.margin ?? 56);
  }

  /** A text, wrapped; each line break in it starts a new line, an empty line leaves one blank. */
  text(value: string, options: TextOptions = {}): void {
    const size = options.size ?? 10.5;
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    const indent = options.indent ?? 0;
    const width = A4[0] - 2 * this.margin - indent;
    for (const paragraph of printable(value).split('\n')) {
      for (const line of wrapLine(paragraph, font, size, width)) {
        if (this.y < this.margin + size) this.newPage();
        if (line) {
          this.page.drawText(line, {
            x: this.margin + indent,
            y: this.y - size,
            size,
            font,
            color: this.ink,
          });
        }
        this.y -= size * 1.45;
      }
    }
    this.y -= options.gap ?? 0;
  }

  space(points = 8): void {
    this.y -= points;
  }

  newPage(): void {
    this.page = this.pdf.addPage(A4);
    this.y = A4[1] - this.margin;
  }

  save(): Promise<Uint8Array> {
    return this.pdf.save({ useObjectStreams: false });
  }
}

function setMeta(pdf: PDFDocument, meta: PdfMeta) {
  pdf.setTitle(meta.title);
  if (meta.author) pdf.setAuthor(meta.author);
  if (meta.language) pdf.setLanguage(meta.language);
  if (meta.modified) pdf.setModificationDate(meta.modified);
}

async function embedFonts(pdf: PDFDocument, libs: Libraries): Promise<{ regular: PDFFont; bold: PDFFont }> {
  pdf.registerFontkit(libs.fontkit);
  const files = fonts();
  // No ligatures: 'fi' stays two letters when the text is copied or searched.
  const features = { liga: false, clig: false, dlig: false };
  return {
    regular: await pdf.embedFont(files.regular, { subset: true, features }),
    bold: await pdf.embedFont(files.bold, { subset: true, features }),
  };
}
