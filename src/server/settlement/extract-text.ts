import mammoth from 'mammoth';

/**
 * The plain text of an uploaded agreement, for the word redline: .docx through mammoth (its
 * raw text: paragraphs separated by blank lines), .pdf through pdf.js (Mozilla's parser, its
 * legacy build, which runs in Node without a browser). Anything else has no text. Throws when
 * the file cannot be read as what its extension says.
 */
export async function extractText(extension: string | null, bytes: Buffer): Promise<string> {
  if (extension === 'docx') {
    const { value } = await mammoth.extractRawText({ buffer: bytes });
    return normalise(value);
  }
  if (extension === 'pdf') return normalise(await pdfText(bytes));
  throw new Error('unsupported');
}

async function pdfText(bytes: Buffer): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await pdfjs.getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    isEvalSupported: false,
    disableFontFace: true,
    verbosity: 0,
  }).promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      let line = '';
      const lines: string[] = [];
      for (const item of content.items) {
        if (!('str' in item)) continue;
        line += item.str;
        if (item.hasEOL) {
          lines.push(line);
          line = '';
        }
      }
      if (line) lines.push(line);
      pages.push(lines.join('\n'));
    }
    return pages.join('\n\n');
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
