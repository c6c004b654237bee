import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import fontkit from '@pdf-lib/fontkit';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { PDFDocument } from 'pdf-lib';
import { createCase } from '../cases/queries';
import { ensureCatalogue } from '../infra/db/catalogue';
import type { Database } from '../infra/db/client';
import { cases } from '../infra/db/schema';
import type { SignedRow } from '../settlement/queries';
import { collectClientData } from '../data-export/collect';
import { renderSummary } from '../data-export/summary';
import { insertMessage } from '../messages/queries';
import { dissolutionLetter } from '../settlement/dissolution-letter';
import { openTestDatabase } from '../infra/testing/harness';
import { pdfText } from '../infra/testing/pdf-text';
import { createUser } from '../users/create';
import { renderLetter, renderSignedCopy } from '../workflow/letter';
import { PdfWriter, wrapLine } from './writer';

const NAMES = [
  'Łukasz Wójcik',
  'Şükrü Öztürk',
  'Ștefan Țurcanu',
  'Žofia Dvořáková',
  'Ægir Þórsson',
  'Émilie Françoise',
];
const NOW = new Date('2026-12-08T09:30:00Z');
const DEJAVU = 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf';

const letterInput = () => ({
  firm: {
    name: 'Kantoor Ñandú',
    addressLines: ['Kantoor', 'Straat 1', '1011 AB Amsterdam'],
    email: 'a@b.nl',
    phone: '020',
  },
  client: { name: NAMES[0]!, address: 'Ulica Świętokrzyska 12', email: 'lukasz@example.com' },
  employer: { name: `${NAMES[1]} Dış Ticaret A.Ş.`, address: 'İstiklal Caddesi 5' },
  lawyer: { name: NAMES[2]! },
  offer: 'complete' as const,
  minimalAchievement: 'M1' as const,
  date: NOW,
  withdrawalDays: 14,
});

describe('the PDF writer', () => {
  it('prints Polish, Turkish, Romanian and other Latin names as typed, read back by a PDF reader', async () => {
    const w = await PdfWriter.create({ title: 'Proef', language: 'nl-NL' });
    for (const name of NAMES) w.text(name);
    w.text('S\u0326tefan', { bold: true });
    const text = await pdfText(await w.save());
    for (const name of NAMES) expect(text).toContain(name);
    expect(text).toContain('\u0218tefan');
    expect(text).not.toContain('?');
  });

  it('keeps line breaks as lines, never as question marks, and breaks a word longer than the line', async () => {
    const w = await PdfWriter.create({ title: 'Proef' });
    w.text('Eerste regel\r\nTweede regel\n\nNa een lege regel\tmet tab');
    w.text('x'.repeat(400));
    const text = await pdfText(await w.save());
    expect(text).toContain('Eerste regel\nTweede regel');
    expect(text).toContain('Na een lege regel met tab');
    expect(text).not.toMatch(/\?/);
    expect(text.replace(/\s/g, '')).toContain('x'.repeat(400));
  });

  it('wraps a long paragraph measuring each word once, with every line within the width', async () => {
    const pdf = await PDFDocument.create();
    pdf.registerFontkit(fontkit);
    const font = await pdf.embedFont(readFileSync(createRequire(import.meta.url).resolve(DEJAVU)), { subset: true });
    const words = Array.from({ length: 400 }, (_, i) => `${NAMES[i % NAMES.length]!.split(' ')[0]}${i % 7}`);
    const paragraph = words.join(' ');
    let measuredCharacters = 0;
    const measure = font.widthOfTextAtSize.bind(font);
    font.widthOfTextAtSize = (text: string, size: number) => {
      measuredCharacters += text.length;
      return measure(text, size);
    };
    const lines = wrapLine(paragraph, font, 10.5, 400);
    expect(lines.join(' ')).toBe(paragraph);
    expect(lines.length).toBeGreaterThan(20);
    for (const line of lines) expect(measure(line, 10.5)).toBeLessThanOrEqual(400);
    // Each line as full as it can be: the next word would not have fitted.
    for (const [i, line] of lines.slice(0, -1).entries())
      expect(measure(`${line} ${lines[i + 1]!.split(' ')[0]}`, 10.5)).toBeGreaterThan(400);
    // Word by word, each distinct word once: measuring every longer line again would be many times the paragraph.
    expect(measuredCharacters).toBeLessThanOrEqual(paragraph.length);
  });

  it('embeds a subset of the font, not all of it', async () => {
    const w = await PdfWriter.create({ title: 'Proef' });
    w.text(NAMES.join(' '));
    expect((await w.save()).length).toBeLessThan(120_000);
  });
});

describe('every PDF the portal writes', () => {
  it('the engagement letter and its signed copy print the names exactly', async () => {
    const letter = await renderLetter(letterInput());
    const text = await pdfText(letter);
    expect(text).toContain('Łukasz Wójcik');
    expect(text).toContain('Şükrü Öztürk Dış Ticaret A.Ş.');
    expect(text).toContain('Ștefan Țurcanu');
    expect(text).toContain('Ulica Świętokrzyska 12');
    expect(text).not.toMatch(/[A-Za-z]\?[a-z]/);
    // The same input gives the same bytes (the letter's hash is the evidence of what was shown).
    expect(Buffer.from(await renderLetter(letterInput())).equals(Buffer.from(letter))).toBe(true);

    const signed = await renderSignedCopy(letter, {
      clientName: 'Łukasz Wójcik',
      typedName: 'Łukasz Wójcik',
      signedAt: NOW,
      ip: '203.0.113.9',
      userAgent:
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
      pdfSha256: 'a'.repeat(64),
      startConsent: true,
      withdrawalEndsAt: new Date('2026-12-22T23:00:00Z'),
    });
    const signedText = await pdfText(signed);
    expect(signedText.match(/Łukasz Wójcik/g)?.length).toBeGreaterThanOrEqual(3);
    expect((await PDFDocument.load(signed)).getPageCount()).toBe((await PDFDocument.load(letter)).getPageCount() + 1);
  });

  describe('with a database', () => {
    let database: Database;
    beforeAll(async () => {
      database = await openTestDatabase();
      await ensureCatalogue(database.db);
    });
    afterAll(() => database.close());

    async function clientWithCase() {
      const db = database.db;
      const id = await createUser(db, {
        role: 'client',
        email: `lukasz-${Math.random().toString(36).slice(2)}@example.com`,
        name: 'Łukasz',
        lastName: 'Wójcik',
        street: 'Ştefan cel Mare',
        houseNumber: '7',
        postcode: '1011 AB',
        city: 'Amsterdam',
      });
      const caseId = await createCase(db, { clientId: id, status: 'negotiation-phase', now: NOW });
      await db
        .update(cases)
        .set({ companyName: 'Şükrü Öztürk Bakkerij BV', companyCity: 'Zaanstad' })
        .where(eq(cases.id, caseId));
      return { id, caseId };
    }

    it('the dissolution letter (no longer a 500 for a Polish name)', async () => {
      const { caseId } = await clientWithCase();
      const [caseRow] = await database.db.select().from(cases).where(eq(cases.id, caseId));
      const signed = {
        dated: '2026-12-01',
        coolingOffEndsOn: '2026-12-15',
      } as unknown as SignedRow;
      for (const language of ['nl-NL', 'en-US']) {
        const bytes = await dissolutionLetter(database.db, { caseRow: caseRow!, signed, language, now: NOW });
        const text = await pdfText(bytes);
        expect(text).toContain('Łukasz Wójcik');
        expect(text).toContain('Ştefan cel Mare 7');
        expect(text).toContain('Şükrü Öztürk Bakkerij BV');
      }
    });

    it('the export summary: the names, line breaks as lines, and no technical words', async () => {
      const { id, caseId } = await clientWithCase();
      await insertMessage(database.db, {
        caseId,
        authorId: id,
        authorRole: 'client',
        text: 'Beste Ștefan,\r\nMijn werkgever heet Şükrü.\r\n\r\nGroet, Łukasz',
        documentId: null,
        now: NOW,
      });
      const data = await collectClientData(database.db, id);
      const text = await pdfText(await renderSummary(data!, NOW));
      expect(text).toContain('Naam: Łukasz Wójcik');
      expect(text).toContain('Werkgever: Şükrü Öztürk Bakkerij BV');
      expect(text).toContain('Beste Ștefan,\nMijn werkgever heet Şükrü.');
      expect(text).toContain('Taal: Nederlands');
      expect(text).toContain('Fase: Onderhandelingen');
      expect(text).not.toContain('?');
      // No field names, codes, file formats or ISO dates.
      expect(text).not.toMatch(/json|null|undefined|true|false|nl-NL|negotiation|Not Uploaded|\{|\}/i);
      expect(text).not.toMatch(/\b[a-z]+_[a-z_]+\b/);
      expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
      expect(text).toMatch(/\d{2}-\d{2}-\d{4} \d{2}:\d{2}/);
    });
  });
});
