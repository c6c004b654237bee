import { describe, expect, it } from 'vitest';
import { makeDocx, makePdf } from '../testing/settlement-files';
import { extractText } from './extract-text';

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
});
