import { describe, expect, it } from 'vitest';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { ZipFile } from 'yazl';
import { makeDocx, makePdf } from '../testing/settlement-files';
import { activeContentScanner, isMacroEntry } from './active-content';

/** Feeds the file in chunks of `size` bytes, as an upload arrives. */
async function scan(bytes: Buffer, size = 65_536) {
  const scanner = activeContentScanner();
  for (let at = 0; at < bytes.length; at += size) scanner.onChunk(bytes.subarray(at, at + size));
  return scanner.result();
}

async function zip(entries: Record<string, string>): Promise<Buffer> {
  const file = new ZipFile();
  for (const [name, content] of Object.entries(entries)) file.addBuffer(Buffer.from(content), name);
  file.end();
  const chunks: Buffer[] = [];
  for await (const chunk of file.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function pdfWithScript(useObjectStreams: boolean): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.addPage([595, 842]);
  pdf.addJavaScript('open', 'app.alert("hallo")');
  return Buffer.from(await pdf.save({ useObjectStreams }));
}

describe('activeContentScanner', () => {
  it('lets an ordinary PDF, .docx and text pass', async () => {
    expect(await scan(await makePdf(['Artikel 1. Finale kwijting.']))).toBe('clean');
    expect(await scan(await makeDocx(['Artikel 1. Finale kwijting.']), 7)).toBe('clean');
    expect(await scan(Buffer.from('gewone tekst met /JavaScript erin'))).toBe('clean');
  });

  it('finds JavaScript in a PDF, in plain objects and inside a compressed object stream, in any chunking', async () => {
    for (const objectStreams of [false, true]) {
      const bytes = await pdfWithScript(objectStreams);
      if (objectStreams) expect(bytes.toString('latin1')).not.toContain('/JavaScript');
      expect(await scan(bytes)).toBe('active');
      expect(await scan(bytes, 5)).toBe('active');
    }
  });

  it('finds /OpenAction and /Launch, also written with #xx escapes', async () => {
    const pdf = await PDFDocument.create();
    pdf.addPage();
    pdf.catalog.set(PDFName.of('OpenAction'), pdf.context.obj({ S: 'Launch', F: PDFString.of('calc.exe') }));
    expect(await scan(Buffer.from(await pdf.save({ useObjectStreams: false })))).toBe('active');
    const escaped = Buffer.from(
      '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /AA << /O << /S /J#61vaScript /J#53 (x) >> >> >>\nendobj\n' +
        ' '.repeat(1200) +
        '\n%%EOF',
    );
    expect(await scan(escaped, 3)).toBe('active');
  });

  it('skips the bodies of content streams', async () => {
    const body = '/JavaScript /Launch'; // a stream body: bytes, not a dictionary
    const bytes = Buffer.from(
      `%PDF-1.4\n${' '.repeat(1100)}\n4 0 obj\n<< /Length ${body.length} >>\nstream\n${body}\nendstream\nendobj\n%%EOF`,
    );
    expect(await scan(bytes, 9)).toBe('clean');
  });

  it('finds a macro project in a .docx or .odt and in an old Word file', async () => {
    const docm = await zip({
      '[Content_Types].xml': '<Types/>',
      'word/document.xml': '<w/>',
      'word/vbaProject.bin': 'x',
    });
    expect(await scan(docm)).toBe('active');
    expect(await scan(docm, 3)).toBe('active');
    expect(
      await scan(await zip({ mimetype: 'application/vnd.oasis.opendocument.text', 'Basic/Standard/M.xml': 'x' })),
    ).toBe('active');
    const ole = Buffer.alloc(4096);
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(ole);
    Buffer.from('_VBA_PROJECT', 'utf16le').copy(ole, 2000);
    expect(await scan(ole, 1000)).toBe('active');
  });

  it('names macro entries', () => {
    expect(isMacroEntry('word/vbaProject.bin')).toBe(true);
    expect(isMacroEntry('XL\\VBAPROJECT.BIN')).toBe(true);
    expect(isMacroEntry('word/document.xml')).toBe(false);
  });
});
