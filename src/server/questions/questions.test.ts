import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CaseClientViewResponseSchema } from '../../contract/cases';
import { QuestionListResponseSchema } from '../../contract/questions';
import { answers, cases } from '../infra/db/schema';
import {
  bearer,
  createTestClient,
  createTestContext,
  createTestLawyer,
  tokenFor,
  type TestContext,
} from '../infra/testing/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const get = (token: string, audience: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/${audience}-questions`, headers: bearer(token) });
const post = (token: string, audience: string, payload: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/${audience}-questions/answers`,
    headers: bearer(token),
    payload: payload as object,
  });

describe('story questions', () => {
  it('saves a client’s answers, an empty answer as null, and touches the case', async () => {
    const client = await createTestClient(ctx);
    const token = await tokenFor(ctx, client.id);
    const questions = QuestionListResponseSchema.parse((await get(token, 'client')).json()).data;
    expect(questions.length).toBeGreaterThan(1);
    expect(questions.every((q) => q.answer === null)).toBe(true);
    ctx.clock.advance(60_000);
    const response = await post(token, 'client', {
      questions: [
        { id: questions[0]!.id, answer: '  Ik werk er 10 jaar.  ' },
        { id: questions[1]!.id, answer: '   ' },
      ],
    });
    expect(response.statusCode).toBe(200);
    const saved = QuestionListResponseSchema.parse(response.json()).data;
    expect(saved[0]?.answer).toBe('Ik werk er 10 jaar.');
    expect(saved[1]?.answer).toBeNull();
    const [caseRow] = await ctx.db.select().from(cases).where(eq(cases.id, client.caseId));
    expect(caseRow?.lastUpdateAt.getTime()).toBe(ctx.clock.now().getTime());
    await post(token, 'client', { questions: [{ id: questions[0]!.id, answer: null }] });
    expect(QuestionListResponseSchema.parse((await get(token, 'client')).json()).data[0]?.answer).toBeNull();
  });

  it('answers 422 when there is nothing to send, for unknown or other-audience questions and bad shapes', async () => {
    const client = await createTestClient(ctx);
    const lawyer = await createTestLawyer(ctx);
    const token = await tokenFor(ctx, client.id);
    const lawyerQuestions = QuestionListResponseSchema.parse(
      (await get(await tokenFor(ctx, lawyer.id), 'lawyer')).json(),
    ).data;
    const empty = await post(token, 'client', { questions: [] });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.questions).toEqual(['Er is niets om op te slaan.']);
    expect((await post(token, 'client', {})).statusCode).toBe(422);
    expect((await post(token, 'client', { questions: [{ id: 'x', answer: 'a' }] })).statusCode).toBe(422);
    expect((await post(token, 'client', { questions: [{ id: lawyerQuestions[0]!.id, answer: 'a' }] })).statusCode).toBe(
      422,
    );
    expect(
      (await post(token, 'client', { questions: [{ id: '00000000-0000-4000-8000-000000000000', answer: 'a' }] }))
        .statusCode,
    ).toBe(422);
    expect(
      (await post(token, 'client', { questions: [{ id: lawyerQuestions[0]!.id, answer: 'x'.repeat(10_001) }] }))
        .statusCode,
    ).toBe(422);
    expect(await ctx.db.select().from(answers).where(eq(answers.ownerId, client.id))).toHaveLength(0);
  });

  it('gives each role only its own questions', async () => {
    const client = await createTestClient(ctx);
    const lawyer = await createTestLawyer(ctx);
    const lawyerToken = await tokenFor(ctx, lawyer.id);
    expect((await get(lawyerToken, 'client')).statusCode).toBe(403);
    expect((await get(await tokenFor(ctx, client.id), 'lawyer')).statusCode).toBe(403);
    const questions = QuestionListResponseSchema.parse((await get(lawyerToken, 'lawyer')).json()).data;
    const saved = QuestionListResponseSchema.parse(
      (await post(lawyerToken, 'lawyer', { questions: [{ id: questions[0]!.id, answer: 'Sinds 2010' }] })).json(),
    ).data;
    expect(saved[0]?.answer).toBe('Sinds 2010');
    const otherLawyer = await tokenFor(ctx, (await createTestLawyer(ctx)).id);
    expect(QuestionListResponseSchema.parse((await get(otherLawyer, 'lawyer')).json()).data[0]?.answer).toBeNull();
  });

  it("carries the lawyer's questions (id, text, answer) on the lawyer entity the client sees", async () => {
    const lawyer = await createTestLawyer(ctx);
    const client = await createTestClient(ctx, { lawyerIds: [lawyer.id] });
    const lawyerToken = await tokenFor(ctx, lawyer.id);
    const questions = QuestionListResponseSchema.parse((await get(lawyerToken, 'lawyer')).json()).data;
    await post(lawyerToken, 'lawyer', { questions: [{ id: questions[1]!.id, answer: 'Fietsen langs de Maas' }] });
    const mine = await ctx.app.inject({
      method: 'GET',
      url: '/api/cases/mine',
      headers: bearer(await tokenFor(ctx, client.id)),
    });
    const [seen] = CaseClientViewResponseSchema.parse(mine.json()).data.lawyers;
    expect(seen?.questions).toEqual(
      questions.map((q, i) => ({
        id: q.id,
        text: q.text,
        answer: i === 1 ? 'Fietsen langs de Maas' : null,
        version: i === 1 ? 1 : 0,
      })),
    );
    expect(seen?.answers[1]).toEqual({
      question_id: questions[1]!.id,
      question: questions[1]!.text,
      answer: 'Fietsen langs de Maas',
    });
  });
});

describe('story answers from an older copy of the form', () => {
  const STALE = 'Deze gegevens zijn intussen ergens anders gewijzigd. Vernieuw de pagina.';
  const load = async (token: string, audience: 'client' | 'lawyer') =>
    QuestionListResponseSchema.parse((await get(token, audience)).json()).data;

  it('accepts the first save of a version and answers 409 to the second, saving nothing of it', async () => {
    const client = await createTestClient(ctx);
    const token = await tokenFor(ctx, client.id);
    const [q1, q2] = await load(token, 'client');
    expect(q1?.version).toBe(0);
    const first = await post(token, 'client', { questions: [{ id: q1!.id, answer: 'Eerste', version: q1!.version }] });
    expect(first.statusCode).toBe(200);
    expect(QuestionListResponseSchema.parse(first.json()).data[0]).toMatchObject({ answer: 'Eerste', version: 1 });
    // The same version again, with an untouched second answer beside it: refused as a whole.
    const second = await post(token, 'client', {
      questions: [
        { id: q1!.id, answer: 'Tweede', version: q1!.version },
        { id: q2!.id, answer: 'Ook', version: q2!.version },
      ],
    });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ message: STALE });
    const rows = await ctx.db.select().from(answers).where(eq(answers.ownerId, client.id));
    expect(rows.map((r) => [r.answer, r.version])).toEqual([['Eerste', 1]]);
    // The version just answered is accepted.
    const third = await post(token, 'client', { questions: [{ id: q1!.id, answer: 'Derde', version: 1 }] });
    expect(QuestionListResponseSchema.parse(third.json()).data[0]).toMatchObject({ answer: 'Derde', version: 2 });
  });

  it('lets exactly one of parallel saves of the same version win, for a new and for an existing answer', async () => {
    const lawyer = await createTestLawyer(ctx);
    const token = await tokenFor(ctx, lawyer.id);
    const [q1] = await load(token, 'lawyer');
    for (const version of [0, 1]) {
      const texts = ['A', 'B', 'C', 'D'].map((x) => `${x}${version}`);
      const results = await Promise.all(
        texts.map((answer) => post(token, 'lawyer', { questions: [{ id: q1!.id, answer, version }] })),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
      const winner = texts[results.findIndex((r) => r.statusCode === 200)];
      const [row] = await ctx.db.select().from(answers).where(eq(answers.ownerId, lawyer.id));
      expect(row).toMatchObject({ answer: winner, version: version + 1 });
    }
  });

  it('still accepts answers without a version (an older client)', async () => {
    const client = await createTestClient(ctx);
    const token = await tokenFor(ctx, client.id);
    const [q1] = await load(token, 'client');
    expect((await post(token, 'client', { questions: [{ id: q1!.id, answer: 'Een' }] })).statusCode).toBe(200);
    const again = await post(token, 'client', { questions: [{ id: q1!.id, answer: 'Twee' }] });
    expect(QuestionListResponseSchema.parse(again.json()).data[0]).toMatchObject({ answer: 'Twee', version: 2 });
  });
});
