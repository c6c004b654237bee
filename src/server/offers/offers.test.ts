import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CaseClientViewResponseSchema, CaseLawyerViewResponseSchema } from '../../contract/cases';
import { auditEvents, cases } from '../db/schema';
import { bearer, createTestClient, createTestContext, createTestLawyer, tokenFor, type TestContext } from '../testing/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const patchOffer = (caseId: string, token: string, payload: unknown) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/cases/${caseId}/offer`, headers: bearer(token), payload: payload as Record<string, unknown> });
const caseRow = async (id: string) => (await ctx.db.select().from(cases).where(eq(cases.id, id)))[0];

describe('PATCH /api/cases/{id}/offer', () => {
  it('lets a client with a lawyer choose a package: offer stored, status offer-chosen, audit line, lawyer kept', async () => {
    const lawyer = await createTestLawyer(ctx);
    const client = await createTestClient(ctx, { status: 'almost-client', lawyerIds: [lawyer.id] });
    const response = await patchOffer(client.caseId, await tokenFor(ctx, client.id), { offer: 'complete' });
    expect(response.statusCode).toBe(200);
    const view = CaseClientViewResponseSchema.parse(response.json()).data;
    expect(view.offer).toEqual({ slug: 'complete', display_name: 'Compleet onbezorgd' });
    expect(view.status.slug).toBe('offer-chosen');
    expect(view.lawyers.map((l) => l.id)).toEqual([lawyer.id]);
    const row = await caseRow(client.caseId);
    expect(row?.offerChosenAt?.getTime()).toBe(ctx.clock.now().getTime());
    const audit = await ctx.db.select().from(auditEvents).where(and(eq(auditEvents.subjectId, client.caseId), eq(auditEvents.action, 'case.offer_changed')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: client.id, data: { from: null, to: 'complete' } });
  });

  it('does not move a case back when a client changes the package later in the journey', async () => {
    const lawyer = await createTestLawyer(ctx);
    const client = await createTestClient(ctx, { status: 'negotiation-phase', lawyerIds: [lawyer.id] });
    const response = await patchOffer(client.caseId, await tokenFor(ctx, client.id), { offer: 'extreme' });
    expect(response.statusCode).toBe(200);
    expect((await caseRow(client.caseId))?.statusSlug).toBe('negotiation-phase');
  });

  it("lets the case's lawyer change the offer without changing the status", async () => {
    const lawyer = await createTestLawyer(ctx);
    const client = await createTestClient(ctx, { status: 'lead', lawyerIds: [lawyer.id] });
    const response = await patchOffer(client.caseId, await tokenFor(ctx, lawyer.id), { offer: 'start' });
    expect(response.statusCode).toBe(200);
    expect(CaseLawyerViewResponseSchema.parse(response.json()).data.offer?.slug).toBe('start');
    expect((await caseRow(client.caseId))?.statusSlug).toBe('lead');
  });

  it('answers 404 for another client, another lawyer and a malformed id, and changes nothing', async () => {
    const lawyer = await createTestLawyer(ctx);
    const other = await createTestLawyer(ctx);
    const client = await createTestClient(ctx, { status: 'lead', lawyerIds: [lawyer.id] });
    const stranger = await createTestClient(ctx);
    expect((await patchOffer(client.caseId, await tokenFor(ctx, stranger.id), { offer: 'start' })).statusCode).toBe(404);
    expect((await patchOffer(client.caseId, await tokenFor(ctx, other.id), { offer: 'start' })).statusCode).toBe(404);
    expect((await patchOffer('1 OR 1=1', await tokenFor(ctx, client.id), { offer: 'start' })).statusCode).toBe(404);
    const row = await caseRow(client.caseId);
    expect(row?.offer).toBeNull();
    expect(row?.statusSlug).toBe('lead');
  });

  it('rejects unknown offers, wrong types, extra fields and a missing body with 422', async () => {
    const client = await createTestClient(ctx);
    const token = await tokenFor(ctx, client.id);
    for (const payload of [{ offer: 'gold' }, { offer: 3 }, {}, { offer: 'start', status: 'completed' }, { offer: 'x'.repeat(100_000) }]) {
      const response = await patchOffer(client.caseId, token, payload);
      expect(response.statusCode).toBe(422);
    }
    expect((await caseRow(client.caseId))?.offer).toBeNull();
    expect((await ctx.app.inject({ method: 'PATCH', url: `/api/cases/${client.caseId}/offer`, payload: { offer: 'start' } })).statusCode).toBe(401);
  });
});
