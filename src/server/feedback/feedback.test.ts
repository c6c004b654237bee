import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  FeedbackListResponseSchema,
  FeedbackResponseSchema,
  LatestFeedbackResponseSchema,
} from '../../contract/feedback';
import { feedback } from '../infra/db/schema';
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

const give = async (caseId: string, lawyerId: string, token: string, payload: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/cases/${caseId}/lawyers/${lawyerId}/feedback`,
    headers: bearer(token),
    payload: payload as Record<string, unknown>,
  });
const received = async (token: string, page = 1) =>
  ctx.app.inject({ method: 'GET', url: `/api/feedbacks/received?page=${page}`, headers: bearer(token) });

describe('giving feedback', () => {
  it("stores the feedback for that case's lawyer and for no one else", async () => {
    const lawyer = await createTestLawyer(ctx);
    const colleague = await createTestLawyer(ctx);
    const client = await createTestClient(ctx, {
      status: 'completed',
      lawyerIds: [lawyer.id, colleague.id],
      name: 'Eva',
      lastName: 'Jansen',
    });
    const response = await give(client.caseId, lawyer.id, await tokenFor(ctx, client.id), {
      text: '  Heel fijn geholpen!  ',
    });
    expect(response.statusCode).toBe(201);
    const created = FeedbackResponseSchema.parse(response.json()).data;
    expect(created).toMatchObject({
      text: 'Heel fijn geholpen!',
      read_by_lawyer: false,
      case: { id: client.caseId },
      user: { full_name: 'Eva Jansen', email: client.email },
    });

    const mine = FeedbackListResponseSchema.parse((await received(await tokenFor(ctx, lawyer.id))).json());
    expect(mine.data.map((f) => f.id)).toEqual([created.id]);
    const theirs = FeedbackListResponseSchema.parse((await received(await tokenFor(ctx, colleague.id))).json());
    expect(theirs.data).toEqual([]);
    const rows = await ctx.db.select().from(feedback).where(eq(feedback.caseId, client.caseId));
    expect(rows.map((r) => r.lawyerId)).toEqual([lawyer.id]);
  });

  it('answers 404 for a lawyer not on the case, another client case, or a lawyer id that is no uuid', async () => {
    const lawyer = await createTestLawyer(ctx);
    const stranger = await createTestLawyer(ctx);
    const client = await createTestClient(ctx, { status: 'completed', lawyerIds: [lawyer.id] });
    const other = await createTestClient(ctx, { status: 'completed', lawyerIds: [lawyer.id] });
    const token = await tokenFor(ctx, client.id);
    expect((await give(client.caseId, stranger.id, token, { text: 'Hallo' })).statusCode).toBe(404);
    expect((await give(other.caseId, lawyer.id, token, { text: 'Hallo' })).statusCode).toBe(404);
    expect((await give(client.caseId, 'nope', token, { text: 'Hallo' })).statusCode).toBe(404);
    expect((await give(client.caseId, lawyer.id, await tokenFor(ctx, lawyer.id), { text: 'Hallo' })).statusCode).toBe(
      404,
    );
    expect(await ctx.db.select().from(feedback).where(eq(feedback.lawyerId, lawyer.id))).toHaveLength(0);
  });

  it("rejects empty, blank, missing, non-text and huge feedback with 'Feedback kan niet leeg zijn.'", async () => {
    const lawyer = await createTestLawyer(ctx);
    const client = await createTestClient(ctx, { status: 'completed', lawyerIds: [lawyer.id] });
    const token = await tokenFor(ctx, client.id);
    for (const payload of [{ text: '' }, { text: '   ' }, {}, { text: 12 }]) {
      const response = await give(client.caseId, lawyer.id, token, payload);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.text).toEqual(['Feedback kan niet leeg zijn.']);
    }
    expect((await give(client.caseId, lawyer.id, token, { text: 'x'.repeat(6000) })).statusCode).toBe(422);
    expect(await ctx.db.select().from(feedback).where(eq(feedback.lawyerId, lawyer.id))).toHaveLength(0);
  });
});

describe('reading feedback as a lawyer', () => {
  it('pages received feedback newest first, ten per page, with the latest on its own', async () => {
    const lawyer = await createTestLawyer(ctx);
    const client = await createTestClient(ctx, { status: 'completed', lawyerIds: [lawyer.id] });
    const token = await tokenFor(ctx, client.id);
    for (let i = 1; i <= 12; i++) {
      await give(client.caseId, lawyer.id, token, { text: `Bericht ${i}` });
      ctx.clock.advance(1000);
    }
    const lawyerToken = await tokenFor(ctx, lawyer.id);
    const first = FeedbackListResponseSchema.parse((await received(lawyerToken)).json());
    expect(first.data).toHaveLength(10);
    expect(first.data[0]?.text).toBe('Bericht 12');
    expect(first.meta).toMatchObject({ current_page: 1, last_page: 2, total: 12, per_page: 10 });
    expect(first.links.next).toContain('page=2');
    const second = FeedbackListResponseSchema.parse((await received(lawyerToken, 2)).json());
    expect(second.data.map((f) => f.text)).toEqual(['Bericht 2', 'Bericht 1']);
    expect(second.links.next).toBeNull();
    const latest = LatestFeedbackResponseSchema.parse(
      (await ctx.app.inject({ method: 'GET', url: '/api/feedbacks/latest', headers: bearer(lawyerToken) })).json(),
    );
    expect(latest.data?.text).toBe('Bericht 12');
  });

  it('gives null as the latest feedback when there is none, and refuses clients and bad pages', async () => {
    const lawyer = await createTestLawyer(ctx);
    const client = await createTestClient(ctx);
    const latest = await ctx.app.inject({
      method: 'GET',
      url: '/api/feedbacks/latest',
      headers: bearer(await tokenFor(ctx, lawyer.id)),
    });
    expect(latest.json()).toEqual({ data: null });
    expect((await received(await tokenFor(ctx, client.id))).statusCode).toBe(403);
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/feedbacks/received?page=abc',
          headers: bearer(await tokenFor(ctx, lawyer.id)),
        })
      ).statusCode,
    ).toBe(422);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/feedbacks/received' })).statusCode).toBe(401);
  });

  it("marks the lawyer's own feedback as read and answers 404 for someone else's", async () => {
    const lawyer = await createTestLawyer(ctx);
    const other = await createTestLawyer(ctx);
    const client = await createTestClient(ctx, { status: 'completed', lawyerIds: [lawyer.id] });
    const created = FeedbackResponseSchema.parse(
      (await give(client.caseId, lawyer.id, await tokenFor(ctx, client.id), { text: 'Dank!' })).json(),
    ).data;
    const markAs = async (token: string, id: string) =>
      ctx.app.inject({ method: 'POST', url: `/api/feedbacks/${id}/mark-as-read`, headers: bearer(token) });
    expect((await markAs(await tokenFor(ctx, other.id), created.id)).statusCode).toBe(404);
    expect((await markAs(await tokenFor(ctx, other.id), 'garbage')).statusCode).toBe(404);
    const [untouched] = await ctx.db.select().from(feedback).where(eq(feedback.id, created.id));
    expect(untouched?.readByLawyer).toBe(false);
    const response = await markAs(await tokenFor(ctx, lawyer.id), created.id);
    expect(response.statusCode).toBe(200);
    expect(FeedbackResponseSchema.parse(response.json()).data.read_by_lawyer).toBe(true);
  });
});
