import { describe, expect, it } from 'vitest';
import { makeDocx, makePdf } from '../infra/testing/settlement-files';
import { PDFDocument } from 'pdf-lib';
import { ZipFile } from 'yazl';
import { EXTRACTION_LIMITS, checkDocx, extractText } from './extract-text';

async function zip(entries: Record<string, string>): Promise<Buffer> {
  const file = new ZipFile();
  for (const [name, content] of Object.entries(entries)) file.addBuffer(Buffer.from(content), name);
  file.end();
  const chunks: Buffer[] = [];
  for await (const chunk of file.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
const reason = (promise: Promise<unknown>) =>
  promise.then(
    () => 'read',
    (error: { reason?: string }) => error.reason,
  );

describe('extractText', () => {
  it('reads the paragraphs of a .docx', async () => {
    const text = await extractText(
      'docx',
      await makeDocx(['Artikel 1. De vergoeding bedraagt € 18.000.', 'Artikel 2. Finale kwijting.']),
    );
    expect(text).toBe('Artikel 1. De vergoeding bedraagt € 18.000.\n\nArtikel 2. Finale kwijting.');
  });
  it('reads the lines of a .pdf', async () => {
    const text = await extractText(
      'pdf',
      await makePdf(['Artikel 1. De vergoeding bedraagt 18.000 euro.', 'Artikel 2. Finale kwijting.']),
    );
    expect(text).toContain('Artikel 1. De vergoeding bedraagt 18.000 euro.');
    expect(text).toContain('Artikel 2. Finale kwijting.');
  });
  it('refuses what it cannot read', async () => {
    await expect(extractText('pdf', Buffer.from('not a pdf'))).rejects.toThrow();
    await expect(extractText('docx', Buffer.from('not a zip'))).rejects.toThrow();
    await expect(extractText('txt', Buffer.from('x'))).rejects.toThrow();
  });
  it('refuses a .docx over its limits or with a macro project, before mammoth reads it', async () => {
    const docx = await makeDocx(['Artikel 1. '.repeat(2_000)]);
    await expect(checkDocx(docx)).resolves.toBeUndefined();
    expect(await reason(checkDocx(docx, { ...EXTRACTION_LIMITS, maxPartBytes: 1_000 }))).toBe('too_large');
    expect(await reason(checkDocx(docx, { ...EXTRACTION_LIMITS, maxUnpackedBytes: 1_000 }))).toBe('too_large');
    expect(await reason(checkDocx(docx, { ...EXTRACTION_LIMITS, maxEntries: 2 }))).toBe('too_large');
    expect(await reason(checkDocx(await zip({ 'word/document.xml': '<w/>', 'word/vbaProject.bin': 'x' })))).toBe(
      'active_content',
    );
    expect(await reason(extractText('docx', docx, { ...EXTRACTION_LIMITS, maxPartBytes: 1_000 }))).toBe('too_large');
  });
  it('refuses a PDF with more pages than its limit, and cuts a long text', async () => {
    const pdf = await PDFDocument.create();
    for (let i = 0; i < 4; i++) pdf.addPage();
    const bytes = Buffer.from(await pdf.save());
    expect(await reason(extractText('pdf', bytes, { ...EXTRACTION_LIMITS, maxPages: 3 }))).toBe('too_many_pages');
    await expect(extractText('pdf', bytes, { ...EXTRACTION_LIMITS, maxPages: 4 })).resolves.toBe('');
    const long = await makeDocx(['lang '.repeat(100)]);
    expect(await extractText('docx', long, { ...EXTRACTION_LIMITS, maxChars: 20 })).toBe('lang lang lang lang ');
  });
});
