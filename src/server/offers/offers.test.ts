import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CaseClientViewResponseSchema, CaseLawyerViewResponseSchema } from '../../contract/cases';
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

const patchOffer = (caseId: string, token: string, payload: unknown) =>
  ctx.app.inject({
    method: 'PATCH',
    url: `/api/cases/${caseId}/offer`,
    headers: bearer(token),
    payload: payload as Record<string, unknown>,
  });
const caseRow = async (id: string) => (await ctx.db.select().from(cases).where(eq(cases.id, id)))[0];

describe('PATCH /api/cases/{id}/offer', () => {
  it('lets a client with a lawyer choose a package: offer stored, offer-chosen, audit line, lawyer kept', async () => {
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
    const audit = await ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectId, client.caseId), eq(auditEvents.action, 'case.offer_changed')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: client.id, data: { from: null, to: 'complete' } });
  });

  it('refuses a package change by client or lawyer once the letter is signed (409), changing nothing', async () => {
    const lawyer = await createTestLawyer(ctx);
    const client = await createTestClient(ctx, { status: 'negotiation-phase', lawyerIds: [lawyer.id] });
    await ctx.db
      .update(cases)
      .set({ offer: 'complete', proposalSignedAt: ctx.clock.now() })
      .where(eq(cases.id, client.caseId));
    const response = await patchOffer(client.caseId, await tokenFor(ctx, client.id), { offer: 'extreme' });
    expect(response.statusCode).toBe(409);
    const row = await caseRow(client.caseId);
    expect(row?.statusSlug).toBe('negotiation-phase');
    expect(row?.offer).toBe('complete');
    const byLawyer = await patchOffer(client.caseId, await tokenFor(ctx, lawyer.id), { offer: 'extreme' });
    expect(byLawyer.statusCode).toBe(409);
    expect(byLawyer.json().message).toBe(
      'Het pakket kan niet meer worden gewijzigd: de opdrachtbevestiging is getekend.',
    );
    expect(await caseRow(client.caseId)).toMatchObject({ statusSlug: 'negotiation-phase', offer: 'complete' });
    // Signed but still shown at proposal (a race with the signature): refused as well.
    const racing = await createTestClient(ctx, { status: 'proposal', lawyerIds: [lawyer.id] });
    await ctx.db
      .update(cases)
      .set({ offer: 'start', proposalSignedAt: ctx.clock.now() })
      .where(eq(cases.id, racing.caseId));
    expect((await patchOffer(racing.caseId, await tokenFor(ctx, lawyer.id), { offer: 'complete' })).statusCode).toBe(
      409,
    );
  });

  it('lets a client only move up: a cheaper package is 409 in their language; the same one is a no-op', async () => {
    const lawyer = await createTestLawyer(ctx);
    const client = await createTestClient(ctx, { status: 'proposal', lawyerIds: [lawyer.id] });
    await ctx.db.update(cases).set({ offer: 'complete' }).where(eq(cases.id, client.caseId));
    const token = await tokenFor(ctx, client.id);
    const cheaper = await patchOffer(client.caseId, token, { offer: 'start' });
    expect(cheaper.statusCode).toBe(409);
    expect(cheaper.json().message).toBe('Je kunt alleen overstappen naar een uitgebreider pakket.');
    const inEnglish = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/cases/${client.caseId}/offer`,
      headers: { ...bearer(token), 'accept-language': 'en-US' },
      payload: { offer: 'start' },
    });
    expect(inEnglish.json().message).toBe('You can only switch to a more extensive package.');
    const same = await patchOffer(client.caseId, token, { offer: 'complete' });
    expect(same.statusCode).toBe(200);
    expect(CaseClientViewResponseSchema.parse(same.json()).data).toMatchObject({
      offer: { slug: 'complete' },
      status: { slug: 'proposal' },
    });
    expect(await caseRow(client.caseId)).toMatchObject({ statusSlug: 'proposal', offer: 'complete' });
    const audit = await ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectId, client.caseId), eq(auditEvents.action, 'case.offer_changed')));
    expect(audit).toHaveLength(0);
    // Up is allowed, and the lawyer may still move the package down before signing.
    expect((await patchOffer(client.caseId, token, { offer: 'extreme' })).statusCode).toBe(200);
    expect((await patchOffer(client.caseId, await tokenFor(ctx, lawyer.id), { offer: 'start' })).statusCode).toBe(200);
    expect(await caseRow(client.caseId)).toMatchObject({ offer: 'start' });
  });

  it("lets the case's lawyer change the package before signing; the workflow moves it to offer-chosen", async () => {
    const lawyer = await createTestLawyer(ctx);
    const token = await tokenFor(ctx, lawyer.id);
    const client = await createTestClient(ctx, { status: 'lead', lawyerIds: [lawyer.id] });
    const response = await patchOffer(client.caseId, token, { offer: 'start' });
    expect(response.statusCode).toBe(200);
    expect(CaseLawyerViewResponseSchema.parse(response.json()).data).toMatchObject({
      offer: { slug: 'start' },
      status: { slug: 'offer-chosen' },
    });
    // At proposal (letter sent, not signed) the case goes back, so a letter for the new package is sent.
    const waiting = await createTestClient(ctx, { status: 'proposal', lawyerIds: [lawyer.id] });
    await ctx.db.update(cases).set({ offer: 'start' }).where(eq(cases.id, waiting.caseId));
    const changed = await patchOffer(waiting.caseId, token, { offer: 'extreme' });
    expect(CaseLawyerViewResponseSchema.parse(changed.json()).data).toMatchObject({
      offer: { slug: 'extreme' },
      status: { slug: 'offer-chosen' },
    });
    const moves = await ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectId, waiting.caseId), eq(auditEvents.action, 'case.status_changed')));
    expect(moves).toEqual([
      expect.objectContaining({
        actorId: lawyer.id,
        data: expect.objectContaining({ from: 'proposal', to: 'offer-chosen' }),
      }),
    ]);
  });

  it('answers 404 for another client, another lawyer and a malformed id, and changes nothing', async () => {
    const lawyer = await createTestLawyer(ctx);
    const other = await createTestLawyer(ctx);
    const client = await createTestClient(ctx, { status: 'lead', lawyerIds: [lawyer.id] });
    const stranger = await createTestClient(ctx);
    expect((await patchOffer(client.caseId, await tokenFor(ctx, stranger.id), { offer: 'start' })).statusCode).toBe(
      404,
    );
    expect((await patchOffer(client.caseId, await tokenFor(ctx, other.id), { offer: 'start' })).statusCode).toBe(404);
    expect((await patchOffer('1 OR 1=1', await tokenFor(ctx, client.id), { offer: 'start' })).statusCode).toBe(404);
    const row = await caseRow(client.caseId);
    expect(row?.offer).toBeNull();
    expect(row?.statusSlug).toBe('lead');
  });

  it('rejects unknown offers, wrong types, extra fields and a missing body with 422', async () => {
    const client = await createTestClient(ctx);
    const token = await tokenFor(ctx, client.id);
    for (const payload of [
      { offer: 'gold' },
      { offer: 3 },
      {},
      { offer: 'start', status: 'completed' },
      { offer: 'x'.repeat(100_000) },
    ]) {
      const response = await patchOffer(client.caseId, token, payload);
      expect(response.statusCode).toBe(422);
    }
    expect((await caseRow(client.caseId))?.offer).toBeNull();
    expect(
      (await ctx.app.inject({ method: 'PATCH', url: `/api/cases/${client.caseId}/offer`, payload: { offer: 'start' } }))
        .statusCode,
    ).toBe(401);
  });
});
