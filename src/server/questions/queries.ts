import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AnswersRequest } from '../../contract/questions';
import type { Db } from '../infra/db/client';
import { answers, cases, questions } from '../infra/db/schema';
import { fieldError, staleWrite } from '../infra/errors/errors';
import { withEvents } from '../domain-events';

/**
 * Saves the owner's answers to questions of one audience (an empty answer becomes null).
 * Every id must be an active question of that audience, else 422 and nothing is saved.
 * An answer sent with a `version` is written only while its row still has it (0: no row yet),
 * checked in the upsert's own WHERE clause; one that no longer has it makes the whole save a
 * 409 and nothing is saved.
 */
export async function saveAnswers(
  db: Db,
  input: {
    audience: 'client' | 'lawyer';
    ownerId: string;
    questions: AnswersRequest['questions'];
    now: Date;
    touchCaseOfClient?: boolean;
  },
): Promise<void> {
  const byId = new Map(input.questions.map((q) => [q.id, q.answer?.trim() ? q.answer.trim() : null]));
  const versions = new Map(
    input.questions.flatMap((q) => (q.version === undefined ? [] : [[q.id, q.version] as const])),
  );
  // Per conflicting row: its version must be the one sent for that question (none sent: any).
  const unchanged =
    versions.size === 0
      ? undefined
      : sql`CASE ${answers.questionId} ${sql.join(
          [...versions].map(([id, version]) => sql`WHEN ${id}::uuid THEN ${answers.version} = ${version}`),
          sql` `,
        )} ELSE true END`;
  const ids = [...byId.keys()];
  await withEvents(db, async (tx) => {
    const known = await tx
      .select({ id: questions.id })
      .from(questions)
      .where(and(inArray(questions.id, ids), eq(questions.audience, input.audience), eq(questions.active, true)));
    if (known.length !== ids.length) throw fieldError('questions', 'errors.questions.unknown');
    const written = await tx
      .insert(answers)
      .values(
        ids.map((questionId) => ({
          questionId,
          ownerId: input.ownerId,
          answer: byId.get(questionId) ?? null,
          updatedAt: input.now,
          version: 1,
        })),
      )
      .onConflictDoUpdate({
        target: [answers.questionId, answers.ownerId],
        set: {
          answer: sql`excluded.answer`,
          updatedAt: sql`excluded.updated_at`,
          version: sql`${answers.version} + 1`,
        },
        setWhere: unchanged,
      })
      .returning({ id: answers.questionId });
    // A row its WHERE clause kept out is not returned: thrown inside the transaction, nothing stays.
    if (written.length !== ids.length) throw staleWrite();
    if (input.touchCaseOfClient)
      await tx.update(cases).set({ lastUpdateAt: input.now }).where(eq(cases.clientId, input.ownerId));
  });
}
