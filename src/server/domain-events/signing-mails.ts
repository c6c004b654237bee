import { eq } from 'drizzle-orm';
import { amsterdamToday } from '../../contract/rules/amsterdam-date';
import { getWithdrawalLastDay } from '../../contract/rules/case-route';
import { OFFER_DISPLAY_NAMES, type OfferSlug } from '../../contract/offers';
import { cases } from '../infra/db/schema';
import { enqueueMail } from '../infra/outbox/outbox';
import { proposalSignedMails, type MailRule } from './mails';

// The mails of the two signatures of a case (rules.ts): the engagement letter and the settlement agreement.

const str = (value: unknown) => (typeof value === 'string' ? value : null);

/**
 * The client signed the engagement letter: they get in writing what they signed (the letter for
 * their package), whether the firm may start at once and the last day of the withdrawal period;
 * the case's lawyers hear of it (proposalSignedMails).
 */
export const engagementSignedMails: MailRule = async (tx, event, caseId, settings) => {
  await proposalSignedMails(tx, event, caseId, settings);
  if (!caseId) return;
  const [theCase] = await tx
    .select({ clientId: cases.clientId, offer: cases.offer })
    .from(cases)
    .where(eq(cases.id, caseId));
  const endsAt = str(event.data?.withdrawal_ends_at);
  if (!theCase || !endsAt) return;
  const offer = theCase.offer as OfferSlug | null;
  await enqueueMail(tx, {
    kind: 'engagement_signed',
    to: { userId: theCase.clientId },
    payload: {
      package: offer ? OFFER_DISPLAY_NAMES[offer] : '',
      withdrawal_last_day: amsterdamToday(getWithdrawalLastDay(new Date(endsAt))),
      start_now: event.data?.start_consent === true,
    },
    now: event.at,
    dedupeKey: `engagement-signed:${caseId}:${endsAt}`,
  });
};

/**
 * The signed settlement agreement was recorded (or corrected): the bedenktijd starts, and the client
 * gets its last day, with the way to the key dates (.ics) on /onderhandeling. Once per last day.
 */
export const settlementSignedMail: MailRule = async (tx, event, caseId) => {
  if (!caseId) return;
  const [theCase] = await tx.select({ clientId: cases.clientId }).from(cases).where(eq(cases.id, caseId));
  if (!theCase) return;
  const lastDay = str(event.data?.cooling_off_ends_on);
  await enqueueMail(tx, {
    kind: 'settlement_signed',
    to: { userId: theCase.clientId },
    payload: { last_day: lastDay, corrected: event.data?.corrected === true },
    now: event.at,
    dedupeKey: `settlement-signed:${caseId}:${lastDay ?? 'none'}`,
  });
};
