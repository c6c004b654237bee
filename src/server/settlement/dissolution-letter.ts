import { eq } from 'drizzle-orm';
import { amsterdamToday } from '../../contract/rules/amsterdam-date';
import { formatLongDate } from '../../contract/rules/settlement-format';
import type { CaseRow } from '../cases/access';
import type { Db } from '../infra/db/client';
import { users } from '../infra/db/schema';
import { negotiateLanguage, serverTranslate } from '../infra/errors/language';
import { PdfWriter } from '../pdf/writer';
import type { SignedRow } from './queries';

/**
 * A filled-in draft 'ontbindingsverklaring' (art. 7:670b BW) the client sends to the employer
 * themselves: their name and address, the employer's, the agreement's date, and the last day
 * of the bedenktijd. Made with the portal's PDF writer (src/server/pdf/writer.ts), like the
 * engagement letter; every text is a key in the
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

  const w = await PdfWriter.create({ title: t('settlement.letter.title'), language }, { margin: 64 });
  const bold = true;
  const write = (text: string, options: { bold?: boolean; size?: number; gap?: number } = {}) =>
    w.text(text, { size: options.size ?? 11, bold: options.bold ?? false, gap: options.gap ?? 0 });
  for (const line of [clientName || t('settlement.letter.yourName'), ...clientAddress]) write(line);
  w.space(18);
  for (const line of employer) write(line);
  w.space(18);
  write(t('settlement.letter.placeDate', { date: formatLongDate(amsterdamToday(input.now), language) }), { gap: 14 });
  write(t('settlement.letter.subject'), { bold, gap: 14 });
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
  return Buffer.from(await w.save());
}
