import { eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts, type PDFFont } from 'pdf-lib';
import { amsterdamToday } from '../../contract/rules/amsterdam-date';
import { formatLongDate } from '../../contract/rules/settlement-format';
import type { CaseRow } from '../cases/access';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { negotiateLanguage, serverTranslate } from '../errors/language';
import type { SignedRow } from './queries';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 64;

/** Splits a text into lines that fit `width` at `size` in `font`. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) > width && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * A filled-in draft 'ontbindingsverklaring' (art. 7:670b BW) the client sends to the employer
 * themselves: their name and address, the employer's, the agreement's date, and the last day
 * of the bedenktijd. Made with pdf-lib, like the engagement letter; every text is a key in the
 * reader's language.
 */
export async function dissolutionLetter(
  db: Db,
  input: { caseRow: CaseRow; signed: SignedRow; language: string; now: Date },
): Promise<Buffer> {
  const language = negotiateLanguage(input.language);
  const t = serverTranslate(language);
  const [client] = await db.select().from(users).where(eq(users.id, input.caseRow.clientId));
  const clientName = [client?.name, client?.infix, client?.lastName].filter(Boolean).join(' ');
  const clientAddress = [
    [client?.street, [client?.houseNumber, client?.houseNumberAddition].filter(Boolean).join('')]
      .filter(Boolean)
      .join(' '),
    [client?.postcode, client?.city].filter(Boolean).join(' '),
  ].filter(Boolean);
  const c = input.caseRow;
  const employer = [
    c.companyName ?? t('settlement.letter.employer'),
    [c.companyStreet, c.companyHouseNumber].filter(Boolean).join(' '),
    [c.companyPostcode, c.companyCity].filter(Boolean).join(' '),
  ].filter(Boolean);

  const pdf = await PDFDocument.create();
  pdf.setTitle(t('settlement.letter.title'));
  const page = pdf.addPage(A4);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let y = A4[1] - MARGIN;
  const write = (text: string, options: { font?: PDFFont; size?: number; gap?: number } = {}) => {
    const size = options.size ?? 11;
    for (const line of wrap(text, options.font ?? font, size, A4[0] - 2 * MARGIN)) {
      page.drawText(line, { x: MARGIN, y, size, font: options.font ?? font });
      y -= size * 1.45;
    }
    y -= options.gap ?? 0;
  };
  for (const line of [clientName || t('settlement.letter.yourName'), ...clientAddress]) write(line);
  y -= 18;
  for (const line of employer) write(line);
  y -= 18;
  write(t('settlement.letter.placeDate', { date: formatLongDate(amsterdamToday(input.now), language) }), { gap: 14 });
  write(t('settlement.letter.subject'), { font: bold, gap: 14 });
  write(t('settlement.letter.salutation'), { gap: 8 });
  write(t('settlement.letter.body', { dated: formatLongDate(input.signed.dated, language) }), { gap: 8 });
  write(t('settlement.letter.confirm'), { gap: 18 });
  write(t('settlement.letter.regards'), { gap: 40 });
  write(clientName || t('settlement.letter.yourName'), { gap: 30 });
  write(
    t('settlement.letter.deadline', {
      date: formatLongDate(input.signed.coolingOffEndsOn ?? input.signed.dated, language),
    }),
    { size: 9 },
  );
  return Buffer.from(await pdf.save());
}
