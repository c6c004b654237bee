import type { MinimalAchievement, OfferSlug } from '../../contract/offers';
import { OFFER_DISPLAY_NAMES } from '../../contract/offers';
import { getWithdrawalLastDay } from '../../contract/rules/case-route';
import { translator } from '../infra/outbox/i18n';
import { PdfWriter } from '../pdf/writer';

/**
 * The engagement letter (opdrachtbevestiging) as a PDF, in Dutch, made with the portal's PDF
 * writer (src/server/pdf/writer.ts; docs/decisions/011 and 057): the firm, client, employer,
 * package, price and terms of the engagement, the minimum result guarantee with its
 * conditions, and the date. The signed copy is the same letter with a signature page holding
 * the evidence.
 */

export const OFFER_PRICES: Record<OfferSlug, string> = {
  start: '€750,- (vaste prijs)',
  complete: 'No cure no pay: je betaalt alleen bij resultaat',
  extreme: '€5.250,- (vaste prijs, alles inbegrepen)',
};

export const OFFER_TERMS: Record<OfferSlug, string> = {
  start: 'Het startpakket is binnen 24 uur geregeld.',
  complete: 'Binnen 2 weken geregeld.',
  extreme: 'Maximale inzet, tot het einde.',
};

/** the minimum result guarantees. */
export const GUARANTEE_TEXTS: Record<MinimalAchievement, { title: string; items: string[] }> = {
  M1: {
    title: 'Minimale resultaatgarantie (M1): ten minste één van',
    items: [
      'een extra opzegtermijn van minimaal één maand',
      'een extra ontslagvergoeding van minimaal een half bruto maandsalaris',
      'een extra maand vrijstelling van werk',
    ],
  },
  M2: {
    title: 'Minimale resultaatgarantie (M2)',
    items: [
      'het ontslag op staande voet wordt ingetrokken',
      'een WW-veilige vaststellingsovereenkomst of ontslagvoorstel wordt gerealiseerd',
      'de werknemer is geen gefixeerde schadevergoeding verschuldigd',
    ],
  },
  M3: {
    title: 'Minimale resultaatgarantie (M3)',
    items: [
      'een WW-veilige vaststellingsovereenkomst of voorstel wordt gerealiseerd',
      'vrijstelling van werk tot de einddatum',
    ],
  },
};

export type LetterInput = {
  firm: { name: string; addressLines: string[]; email: string; phone: string };
  client: { name: string; address: string | null; email: string };
  employer: { name: string | null; address: string | null };
  lawyer: { name: string } | null;
  offer: OfferSlug;
  minimalAchievement: MinimalAchievement;
  date: Date;
  /** Days of the withdrawal period after signing (WITHDRAWAL_DAYS, at least 14). */
  withdrawalDays: number;
};

export type SignatureEvidence = {
  signedAt: Date;
  typedName: string;
  ip: string;
  userAgent: string;
  pdfSha256: string;
  /** The client's choice before signing: start at once inside the withdrawal period, or wait. */
  startConsent: boolean;
  /** The first moment after the withdrawal period. */
  withdrawalEndsAt: Date;
};

/** The letter's texts about withdrawal come from the translation files (`notifications.letter.`), in Dutch. */
const letterText = translator('nl-NL');

export const formatDutchDate = (date: Date) =>
  new Intl.DateTimeFormat('nl-NL', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'Europe/Amsterdam',
  }).format(date);
const formatDutchDateTime = (date: Date) =>
  new Intl.DateTimeFormat('nl-NL', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    timeZone: 'Europe/Amsterdam',
    timeZoneName: 'short',
  }).format(date);

/** Renders the engagement letter. Deterministic for the same input (fixed document dates). */
export async function renderLetter(input: LetterInput): Promise<Uint8Array> {
  const w = await PdfWriter.create({
    title: 'Opdrachtbevestiging',
    author: input.firm.name,
    language: 'nl-NL',
    created: input.date,
    modified: input.date,
  });
  w.text(input.firm.name, { size: 16, bold: true });
  for (const line of input.firm.addressLines.slice(1)) w.text(line, { size: 9.5 });
  w.text(`${input.firm.email} · ${input.firm.phone}`, { size: 9.5, gap: 14 });
  w.text('Opdrachtbevestiging', { size: 20, bold: true, gap: 6 });
  w.text(`Datum: ${formatDutchDate(input.date)}`, { gap: 10 });

  w.text('Opdrachtgever', { bold: true });
  w.text(input.client.name);
  if (input.client.address) w.text(input.client.address);
  w.text(input.client.email, { gap: 8 });
  w.text('Werkgever', { bold: true });
  w.text(input.employer.name ?? 'Niet bekend');
  if (input.employer.address) w.text(input.employer.address);
  w.space(8);
  if (input.lawyer) {
    w.text('Jurist', { bold: true });
    w.text(input.lawyer.name, { gap: 8 });
  }

  w.text('Opdracht', { bold: true });
  w.text(
    `${input.client.name} geeft ${input.firm.name} opdracht om hem of haar bij te staan in de ` +
      `arbeidsrechtelijke kwestie met de werkgever hierboven (ontslag of vaststellingsovereenkomst), volgens ` +
      `het pakket en de voorwaarden hieronder.`,
    { gap: 8 },
  );
  w.text('Pakket en prijs', { bold: true });
  w.text(`Pakket: ${OFFER_DISPLAY_NAMES[input.offer]}`);
  w.text(`Prijs: ${OFFER_PRICES[input.offer]}`);
  w.text(OFFER_TERMS[input.offer], { gap: 8 });

  w.text('Voorwaarden', { bold: true });
  w.text('• In 97% van de gevallen betaalt je werkgever een vergoeding van €2.500 voor je juridische kosten.', {
    indent: 8,
  });
  w.text('• Vangnet: in de overige 3% betaal je maximaal €495 eigen bijdrage.', { indent: 8 });
  w.text(`• ${letterText('letter.withdrawal.term', { days: input.withdrawalDays })}`, { indent: 8 });
  w.text('• Op deze opdracht zijn de algemene voorwaarden van het kantoor van toepassing.', { indent: 8, gap: 8 });

  const guarantee = GUARANTEE_TEXTS[input.minimalAchievement];
  w.text(guarantee.title, { bold: true });
  for (const item of guarantee.items) w.text(`• ${item}`, { indent: 8 });
  w.text(
    'De garantie geldt op voorwaarde dat je de gevraagde documenten volledig en op tijd aanlevert, naar ' +
      'waarheid informeert, en zonder overleg met je jurist geen afspraken maakt of stukken tekent met je werkgever.',
    { gap: 12 },
  );
  w.text('Ondertekening', { bold: true });
  w.text(
    'Je ondertekent deze opdrachtbevestiging in je portaal met je volledige naam en je uitdrukkelijke ' +
      'akkoord. Het getekende exemplaar met het bewijs van ondertekening komt in je portaal bij je ' +
      'documenten.',
    { gap: 12 },
  );
  writeWithdrawalSection(w, input);
  return w.save();
}

/** The letter plus a signature page with the evidence of the simple electronic signature. */
export async function renderSignedCopy(
  letter: Uint8Array,
  evidence: SignatureEvidence & { clientName: string },
): Promise<Uint8Array> {
  const w = await PdfWriter.extend(letter, { title: 'Opdrachtbevestiging (getekend)', modified: evidence.signedAt });
  w.text('Ondertekening', { size: 18, bold: true, gap: 10 });
  w.text(`${evidence.clientName} heeft deze opdrachtbevestiging elektronisch ondertekend in het portaal.`, { gap: 10 });
  w.text('Getypte naam', { bold: true });
  w.text(evidence.typedName, { gap: 6 });
  w.text('Akkoord', { bold: true });
  w.text('Ik ga akkoord met de opdrachtbevestiging en de algemene voorwaarden', { gap: 6 });
  w.text('Tijdstip', { bold: true });
  w.text(formatDutchDateTime(evidence.signedAt), { gap: 6 });
  w.text(letterText('letter.signature.periodHeading'), { bold: true });
  w.text(
    letterText('letter.signature.periodUntil', {
      date: formatDutchDate(getWithdrawalLastDay(evidence.withdrawalEndsAt)),
    }),
    { gap: 6 },
  );
  w.text(letterText('letter.signature.choiceHeading'), { bold: true });
  w.text(letterText(evidence.startConsent ? 'letter.signature.startNow' : 'letter.signature.wait'), { gap: 6 });
  w.text('IP-adres', { bold: true });
  w.text(evidence.ip, { gap: 6 });
  w.text('Browser (user agent)', { bold: true });
  w.text(evidence.userAgent || 'onbekend', { gap: 6 });
  w.text('SHA-256 van de getoonde opdrachtbevestiging (pdf)', { bold: true });
  w.text(evidence.pdfSha256, { size: 9 });
  return w.save();
}

/**
 * The withdrawal right (BW 6:230m, 6:230o) and the model withdrawal form of the Consumer Rights
 * Directive (annex I B), on a page of its own so the client can print and send it.
 */
function writeWithdrawalSection(w: PdfWriter, input: LetterInput) {
  const t = letterText;
  w.text(t('letter.withdrawal.heading'), { bold: true });
  w.text(t('letter.withdrawal.right', { days: input.withdrawalDays }));
  w.text(t('letter.withdrawal.how', { email: input.firm.email }));
  w.text(t('letter.withdrawal.startChoice'));
  w.text(t('letter.withdrawal.consequence'), { gap: 12 });
  w.newPage();
  w.text(t('letter.form.heading'), { size: 16, bold: true, gap: 4 });
  w.text(t('letter.form.intro'), { gap: 8 });
  w.text(
    t('letter.form.to', { firm: [input.firm.name, ...input.firm.addressLines.slice(1), input.firm.email].join(', ') }),
    { gap: 6 },
  );
  for (const line of ['notice', 'ordered', 'name', 'address', 'signature', 'date'] as const)
    w.text(`— ${t(`letter.form.${line}`)}`, { gap: 10 });
  w.text(t('letter.form.delete'), { size: 9.5 });
}
