import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AnswersRequest } from '../../contract/questions';
import type { Db } from '../db/client';
import { answers, cases, questions } from '../db/schema';
import { fieldError } from '../errors/errors';

/**
 * Saves the owner's answers to questions of one audience (an empty answer becomes null).
 * Every id must be an active question of that audience, else 422 and nothing is saved.
 */
export async function saveAnswers(db: Db, input: { audience: 'client' | 'lawyer'; ownerId: string; questions: AnswersRequest['questions']; now: Date; touchCaseOfClient?: boolean }): Promise<void> {
  const byId = new Map(input.questions.map((q) => [q.id, q.answer?.trim() ? q.answer.trim() : null]));
  const ids = [...byId.keys()];
  await db.transaction(async (tx) => {
    const known = await tx
      .select({ id: questions.id })
      .from(questions)
      .where(and(inArray(questions.id, ids), eq(questions.audience, input.audience), eq(questions.active, true)));
    if (known.length !== ids.length) throw fieldError('questions', 'errors.questions.unknown');
    await tx
      .insert(answers)
      .values(ids.map((questionId) => ({ questionId, ownerId: input.ownerId, answer: byId.get(questionId) ?? null, updatedAt: input.now })))
      .onConflictDoUpdate({ target: [answers.questionId, answers.ownerId], set: { answer: sql`excluded.answer`, updatedAt: sql`excluded.updated_at` } });
    if (input.touchCaseOfClient) await tx.update(cases).set({ lastUpdateAt: input.now }).where(eq(cases.clientId, input.ownerId));
  });
}
