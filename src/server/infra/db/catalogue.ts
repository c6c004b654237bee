import { and, eq, sql } from 'drizzle-orm';
import { STATUSES } from '../../../contract/statuses';
import type { Db } from './client';
import { documentSlots, questions, statuses } from './schema';
import { STEPPER_CONTENT } from './stepper-content';

export const DEFAULT_DOCUMENT_SLOTS = [
  { key: 'employment-contract', title: 'Arbeidsovereenkomst', position: 1 },
  { key: 'payslips', title: 'Laatste drie loonstroken', position: 2 },
  { key: 'settlement-or-dismissal-letter', title: 'Vaststellingsovereenkomst of ontslagbrief', position: 3 },
  { key: 'employer-correspondence', title: 'Correspondentie met je werkgever', position: 4 },
] as const;

export const DEFAULT_QUESTIONS = {
  client: [
    'Wat is er gebeurd? Vertel in je eigen woorden hoe de situatie is ontstaan.',
    'Wanneer hoorde je voor het eerst dat je werkgever afscheid van je wil nemen?',
    'Wat wil je bereiken: wil je blijven, of wil je een goede regeling?',
    'Is er nog iets dat je jurist moet weten?',
  ],
  case: [
    'Hoe lang ben je in dienst bij je werkgever?',
    'Wat is je bruto maandsalaris, inclusief vakantiegeld?',
    'Ben je op dit moment ziek gemeld?',
  ],
  lawyer: [
    'Waarom ben je arbeidsrechtjurist geworden?',
    'Waar word je blij van in je werk?',
    'Wat doe je graag als je niet werkt?',
  ],
  finalization: [
    {
      text: 'Wat is het eindresultaat van de zaak?',
      placeholder: 'Bijv. vaststellingsovereenkomst getekend met transitievergoeding',
      answerType: 'text',
    },
    { text: 'Welke vergoeding heeft de cliënt gekregen?', placeholder: 'Bijv. € 12.500 bruto', answerType: 'text' },
    { text: 'Wat is de einddatum van het dienstverband?', placeholder: null, answerType: 'date' },
  ],
} as const;

/**
 * Reference data every database needs: the status catalogue, the mandatory document slots
 * and the question lists. Idempotent; never overwrites what the firm has changed.
 */
export async function ensureCatalogue(db: Db): Promise<void> {
  await db
    .insert(statuses)
    .values(
      STATUSES.map((s) => ({
        slug: s.slug,
        displayName: s.displayName,
        order: s.order,
        content: STEPPER_CONTENT[s.slug],
      })),
    )
    .onConflictDoNothing();
  // Existing rows without stepper texts get them; texts the firm has changed stay as they are.
  for (const s of STATUSES) {
    await db
      .update(statuses)
      .set({ content: STEPPER_CONTENT[s.slug] })
      .where(and(eq(statuses.slug, s.slug), sql`${statuses.content} = '{}'::jsonb`));
  }
  await db
    .insert(documentSlots)
    .values([...DEFAULT_DOCUMENT_SLOTS])
    .onConflictDoNothing();
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(questions);
  if (count === 0) {
    await db.insert(questions).values([
      ...DEFAULT_QUESTIONS.client.map((text, i) => ({ audience: 'client' as const, text, position: i + 1 })),
      ...DEFAULT_QUESTIONS.case.map((text, i) => ({ audience: 'case' as const, text, position: i + 1 })),
      ...DEFAULT_QUESTIONS.lawyer.map((text, i) => ({ audience: 'lawyer' as const, text, position: i + 1 })),
      ...DEFAULT_QUESTIONS.finalization.map((q, i) => ({
        audience: 'finalization' as const,
        text: q.text,
        placeholder: q.placeholder,
        answerType: q.answerType,
        position: i + 1,
      })),
    ]);
  }
}
