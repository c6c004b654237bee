import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { UpdateStatusResponseSchema } from '../../contract/cases';
import { FinalizationQuestionListResponseSchema } from '../../contract/questions';
import type { StatusSlug } from '../../contract/statuses';
import { auditEvents, cases } from '../infra/db/schema';
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

const patchStatus = (caseId: string, token: string, status: unknown) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/cases/${caseId}/status`, headers: bearer(token), payload: { status } });
const getQuestions = (caseId: string, token: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/cases/${caseId}/finalization-questions`, headers: bearer(token) });
const postAnswers = (caseId: string, token: string, payload: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/cases/${caseId}/finalization-questions`,
    headers: bearer(token),
    payload: payload as object,
  });

async function setup(status: StatusSlug, offer: 'start' | 'complete' | 'extreme' | null = 'extreme') {
  const lawyer = await createTestLawyer(ctx);
  const client = await createTestClient(ctx, { status, lawyerIds: [lawyer.id] });
  await ctx.db.update(cases).set({ offer }).where(eq(cases.id, client.caseId));
  return { lawyer, client, token: await tokenFor(ctx, lawyer.id) };
}
const caseOf = async (id: string) => (await ctx.db.select().from(cases).where(eq(cases.id, id)))[0];
/** The case's audit lines after the fixture's own 'case.created' line (written when setup creates the case). */
const auditOf = async (id: string) =>
  (
    await ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectType, 'case'), eq(auditEvents.subjectId, id)))
      .orderBy(asc(auditEvents.id))
  ).filter((a) => a.action !== 'case.created');

async function answerAll(caseId: string, token: string) {
  const list = FinalizationQuestionListResponseSchema.parse((await getQuestions(caseId, token)).json()).data;
  return postAnswers(caseId, token, { questions: list.map((q, i) => ({ id: q.id, answer: answerOf(q, i) })) });
}
/** A text answer (with spaces to trim), or a day for a date question. */
const answerOf = (q: { answer_type: string }, i: number) =>
  q.answer_type === 'date' ? '2027-01-31' : `  Antwoord ${i}  `;

describe('PATCH /api/cases/{id}/status', () => {
  it('changes to a dropdown status, answers the case, moves last_update_at, records who/when/from/to', async () => {
    const { lawyer, client, token } = await setup('reviewing-documents', 'start');
    ctx.clock.advance(60_000);
    const response = await patchStatus(client.caseId, token, 'check');
    expect(response.statusCode).toBe(200);
    const body = UpdateStatusResponseSchema.parse(response.json());
    expect(body.ok && body.data.status).toMatchObject({ slug: 'check', display_name: 'Controles' });
    const row = await caseOf(client.caseId);
    expect(row?.statusSlug).toBe('check');
    expect(row?.lastUpdateAt.getTime()).toBe(ctx.clock.now().getTime());
    const audit = await auditOf(client.caseId);
    expect(audit).toEqual([
      expect.objectContaining({
        actorId: lawyer.id,
        action: 'case.status_changed',
        data: { from: 'reviewing-documents', to: 'check' },
        createdAt: ctx.clock.now(),
      }),
    ]);
  });

  it('refuses statuses outside the dropdown rule and changes nothing', async () => {
    const { client, token } = await setup('reviewing-documents', 'start');
    for (const status of ['negotiation-phase', 'lead', 'completed', 'reviewing-documents']) {
      const response = await patchStatus(client.caseId, token, status);
      expect(response.statusCode, status).toBe(409);
      // Through the error handler like every other refusal: only a message, in the reader's language.
      expect(response.json()).toEqual({ message: 'Deze statuswijziging is niet toegestaan.' });
    }
    const english = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/cases/${client.caseId}/status`,
      headers: { ...bearer(token), 'accept-language': 'en-US' },
      payload: { status: 'lead' },
    });
    expect(english.statusCode).toBe(409);
    expect(english.json()).toEqual({ message: 'This status change is not allowed.' });
    const locked = await setup('offer-chosen', 'complete');
    expect((await patchStatus(locked.client.caseId, locked.token, 'check')).statusCode).toBe(409);
    expect((await caseOf(client.caseId))?.statusSlug).toBe('reviewing-documents');
    expect(await auditOf(client.caseId)).toEqual([]);
  });

  it('answers 422 for a malformed status body', async () => {
    const { client, token } = await setup('check');
    for (const payload of [
      {},
      { status: 'nope' },
      { status: 7 },
      { status: 'check', extra: 1 },
      { status: 'x'.repeat(100_000) },
    ]) {
      const response = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/cases/${client.caseId}/status`,
        headers: bearer(token),
        payload,
      });
      expect(response.statusCode).toBe(422);
    }
    expect((await caseOf(client.caseId))?.statusSlug).toBe('check');
  });

  it("answers 404 for another lawyer's case and for a client, and changes nothing", async () => {
    const { client } = await setup('check');
    const other = await createTestLawyer(ctx);
    expect((await patchStatus(client.caseId, await tokenFor(ctx, other.id), 'ready-for-signing')).statusCode).toBe(404);
    expect((await patchStatus(client.caseId, await tokenFor(ctx, client.id), 'ready-for-signing')).statusCode).toBe(
      404,
    );
    expect((await getQuestions(client.caseId, await tokenFor(ctx, other.id))).statusCode).toBe(404);
    expect((await getQuestions(client.caseId, await tokenFor(ctx, client.id))).statusCode).toBe(404);
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/cases/${client.caseId}`,
          headers: bearer(await tokenFor(ctx, other.id)),
        })
      ).statusCode,
    ).toBe(404);
    expect((await caseOf(client.caseId))?.statusSlug).toBe('check');
    expect(await auditOf(client.caseId)).toEqual([]);
  });

  it('finishes only after every finalisation question is answered, then reactivates and completes', async () => {
    const { lawyer, client, token } = await setup('negotiation-phase');
    const early = await patchStatus(client.caseId, token, 'ready-for-invoicing');
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Alle velden moeten ingevuld zijn.');
    expect((await answerAll(client.caseId, token)).statusCode).toBe(200);
    expect((await patchStatus(client.caseId, token, 'ready-for-invoicing')).statusCode).toBe(200);
    expect((await patchStatus(client.caseId, token, 'ready-for-signing')).statusCode).toBe(200);
    expect((await patchStatus(client.caseId, token, 'ready-for-invoicing')).statusCode).toBe(200);
    ctx.clock.advance(1000);
    expect((await patchStatus(client.caseId, token, 'completed')).statusCode).toBe(200);
    const row = await caseOf(client.caseId);
    expect(row?.completedAt?.getTime()).toBe(ctx.clock.now().getTime());
    expect((await patchStatus(client.caseId, token, 'ready-for-signing')).statusCode).toBe(409);
    const audit = await auditOf(client.caseId);
    expect(audit.map((a) => [a.action, a.data.to ?? null])).toEqual([
      ['case.finalization_answered', null],
      ['case.finished', 'ready-for-invoicing'],
      ['case.reactivated', 'ready-for-signing'],
      ['case.finished', 'ready-for-invoicing'],
      ['case.completed', 'completed'],
    ]);
    expect(audit.every((a) => a.actorId === lawyer.id)).toBe(true);
  });

  it('lets only one of two parallel finishes through', async () => {
    const { client, token } = await setup('check');
    await answerAll(client.caseId, token);
    const results = await Promise.all([
      patchStatus(client.caseId, token, 'ready-for-invoicing'),
      patchStatus(client.caseId, token, 'ready-for-invoicing'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await auditOf(client.caseId)).filter((a) => a.action === 'case.finished')).toHaveLength(1);
  });
});

describe('finalisation questions', () => {
  it('lists the questions with placeholders and saves trimmed answers in one go', async () => {
    const { client, token } = await setup('check');
    const list = FinalizationQuestionListResponseSchema.parse((await getQuestions(client.caseId, token)).json()).data;
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((q) => q.answer === null)).toBe(true);
    const saved = FinalizationQuestionListResponseSchema.parse((await answerAll(client.caseId, token)).json()).data;
    expect(saved.map((q) => q.answer)).toEqual(list.map((q, i) => answerOf(q, i).trim()));
  });

  it('asks the end date of employment as a date, and refuses an answer that is no day', async () => {
    const { client, token } = await setup('check');
    const list = FinalizationQuestionListResponseSchema.parse((await getQuestions(client.caseId, token)).json()).data;
    const endDate = list.find((q) => q.question === 'Wat is de einddatum van het dienstverband?');
    expect(endDate?.answer_type).toBe('date');
    expect(list.filter((q) => q.answer_type === 'date')).toHaveLength(1);
    for (const bad of ['31-01-2027', 'eind januari', '2027-02-30']) {
      const response = await postAnswers(client.caseId, token, {
        questions: list.map((q, i) => ({ id: q.id, answer: q.id === endDate!.id ? bad : answerOf(q, i) })),
      });
      expect(response.statusCode, bad).toBe(422);
      expect(response.json().errors.questions).toEqual(['Vul een geldige datum in.']);
    }
    const after = FinalizationQuestionListResponseSchema.parse((await getQuestions(client.caseId, token)).json()).data;
    expect(after.every((q) => q.answer === null)).toBe(true);
  });

  it("refuses blank, missing, foreign or repeated answers with 'Alle velden moeten ingevuld zijn.'", async () => {
    const { client, token } = await setup('check');
    const list = FinalizationQuestionListResponseSchema.parse((await getQuestions(client.caseId, token)).json()).data;
    const full = list.map((q) => ({ id: q.id, answer: q.answer_type === 'date' ? '2027-01-31' : 'ja' }));
    const payloads = [
      { questions: full.map((q, i) => (i === 0 ? { ...q, answer: '   ' } : q)) },
      { questions: full.slice(1) },
      { questions: [...full, { id: '00000000-0000-4000-8000-000000000000', answer: 'x' }] },
      { questions: [...full, full[0]] },
      { questions: [] },
    ];
    for (const payload of payloads) {
      const response = await postAnswers(client.caseId, token, payload);
      expect(response.statusCode).toBe(422);
      expect(JSON.stringify(response.json())).toContain('Alle velden moeten ingevuld zijn.');
    }
    for (const payload of [
      {},
      { questions: 'x' },
      { questions: [{ id: 'nope', answer: 'x' }] },
      { questions: full.map((q) => ({ ...q, answer: 'x'.repeat(10_001) })) },
    ]) {
      expect((await postAnswers(client.caseId, token, payload)).statusCode).toBe(422);
    }
    const after = FinalizationQuestionListResponseSchema.parse((await getQuestions(client.caseId, token)).json()).data;
    expect(after.every((q) => q.answer === null)).toBe(true);
  });
});
