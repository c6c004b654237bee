import { and, asc, eq, sql } from 'drizzle-orm';
import type { FinalizationQuestion } from '../../contract/questions';
import type { Db } from '../infra/db/client';
import { answers, questions } from '../infra/db/schema';
import { emit, withEvents } from '../domain-events';

/** The active finalisation questions with this case's answers. */
export async function getFinalizationQuestions(db: Db, caseId: string): Promise<FinalizationQuestion[]> {
  const rows = await db
    .select({
      id: questions.id,
      text: questions.text,
      placeholder: questions.placeholder,
      answerType: questions.answerType,
      answer: answers.answer,
    })
    .from(questions)
    .leftJoin(answers, and(eq(answers.questionId, questions.id), eq(answers.ownerId, caseId)))
    .where(and(eq(questions.audience, 'finalization'), eq(questions.active, true)))
    .orderBy(asc(questions.position));
  return rows.map((r) => ({
    id: r.id,
    question: r.text,
    answer: r.answer ?? null,
    placeholder: r.placeholder ?? null,
    answer_type: r.answerType,
  }));
}

/** How many active finalisation questions of the case have no non-blank answer yet. */
export async function missingFinalizationAnswers(db: Db, caseId: string): Promise<number> {
  const list = await getFinalizationQuestions(db, caseId);
  return list.filter((q) => !q.answer?.trim()).length;
}

/** Ids of active finalisation questions among `ids`. */
export async function activeFinalizationIds(db: Db): Promise<Set<string>> {
  return new Set((await activeFinalizationTypes(db)).keys());
}

/** The active finalisation questions and how each is answered. */
export async function activeFinalizationTypes(db: Db): Promise<Map<string, 'text' | 'date'>> {
  const rows = await db
    .select({ id: questions.id, answerType: questions.answerType })
    .from(questions)
    .where(and(eq(questions.audience, 'finalization'), eq(questions.active, true)));
  return new Map(rows.map((r) => [r.id, r.answerType]));
}

/** Saves all answers of a case in one statement inside the caller's transaction. */
export async function saveFinalizationAnswers(
  db: Db,
  caseId: string,
  list: { id: string; answer: string }[],
  now: Date,
): Promise<void> {
  await db
    .insert(answers)
    .values(list.map((q) => ({ questionId: q.id, ownerId: caseId, answer: q.answer, updatedAt: now })))
    .onConflictDoUpdate({
      target: [answers.questionId, answers.ownerId],
      set: { answer: sql`excluded.answer`, updatedAt: now },
    });
}

/** Saves the lawyer's closing answers of a case and records the change, in one transaction. */
export async function answerFinalizationQuestions(
  db: Db,
  input: { caseId: string; actorId: string; answers: Map<string, string>; now: Date },
): Promise<void> {
  const { caseId, actorId, answers: sent, now } = input;
  await withEvents(db, async (tx) => {
    await saveFinalizationAnswers(
      tx,
      caseId,
      [...sent].map(([id, answer]) => ({ id, answer })),
      now,
    );
    await emit(tx, {
      actorId,
      action: 'case.finalization_answered',
      subjectType: 'case',
      subjectId: caseId,
      data: { questions: [...sent.keys()] },
      at: now,
    });
  });
}
