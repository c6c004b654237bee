import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { StepperResponseSchema } from '../../contract/stepper';
import { STATUS_SLUGS } from '../../contract/statuses';
import { ensureCatalogue } from '../infra/db/catalogue';
import { cases, documents, feedback, statuses, users } from '../infra/db/schema';
import { STEPPER_CONTENT } from '../infra/db/stepper-content';
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

const getStepper = async (caseId: string, token: string, query = '') =>
  ctx.app.inject({ method: 'GET', url: `/api/cases/${caseId}/status-stepper${query}`, headers: bearer(token) });

describe('GET /api/cases/{id}/status-stepper', () => {
  it('lists every phase in order with the current one marked and the earlier ones complete', async () => {
    const client = await createTestClient(ctx, { status: 'incomplete-case-file' });
    const response = await getStepper(client.caseId, await tokenFor(ctx, client.id));
    expect(response.statusCode).toBe(200);
    const { data } = StepperResponseSchema.parse(response.json());
    expect(data.stepper.map((s) => s.slug)).toEqual([...STATUS_SLUGS]);
    expect(data.stepper.filter((s) => s.is_current).map((s) => s.slug)).toEqual(['incomplete-case-file']);
    // 'Aanmelding' (lead) is not done: this client has filled in no personal or employer data yet.
    expect(data.stepper.filter((s) => s.is_complete).map((s) => s.slug)).toEqual([
      'almost-client',
      'offer-chosen',
      'proposal',
    ]);
    const lead = data.stepper[0];
    expect(lead?.content_incomplete.title).toBe('Vul je gegevens aan');
    expect(lead?.content_incomplete.buttons.map((b) => b.action)).toEqual([
      'personal-data',
      'employer-data',
      'documents',
    ]);
  });

  it('reports nothing complete for a new client, then follows profile, employer and documents as filled', async () => {
    const client = await createTestClient(ctx);
    const token = await tokenFor(ctx, client.id);
    let data = StepperResponseSchema.parse((await getStepper(client.caseId, token)).json()).data;
    expect(data).toMatchObject({
      profile_complete: false,
      company_details_complete: false,
      documents_complete: false,
      feedback: false,
    });

    await ctx.db
      .update(users)
      .set({
        name: 'Eva',
        lastName: 'Jansen',
        phoneNumber: '0612345678',
        street: 'Coolsingel',
        houseNumber: '1',
        postcode: '3011AD',
        city: 'Rotterdam',
      })
      .where(eq(users.id, client.id));
    data = StepperResponseSchema.parse((await getStepper(client.caseId, token)).json()).data;
    expect(data.profile_complete).toBe(true);
    expect(data.company_details_complete).toBe(false);

    await ctx.db
      .update(cases)
      .set({
        companyName: 'Acme',
        companyHouseNumber: '2',
        companyPostcode: '1234AA',
        companyCity: 'Delft',
        contactEmail: 'hr@acme.nl',
        contactPhoneNumber: '010',
      })
      .where(eq(cases.id, client.caseId));
    await ctx.db.update(documents).set({ status: 'Uploaded' }).where(eq(documents.caseId, client.caseId));
    data = StepperResponseSchema.parse((await getStepper(client.caseId, token)).json()).data;
    expect(data).toMatchObject({ profile_complete: true, company_details_complete: true, documents_complete: true });
  });

  it('keeps documents incomplete while one mandatory document is not uploaded', async () => {
    const client = await createTestClient(ctx);
    const [first] = await ctx.db.select().from(documents).where(eq(documents.caseId, client.caseId)).limit(1);
    await ctx.db.update(documents).set({ status: 'Uploaded' }).where(eq(documents.caseId, client.caseId));
    if (first) await ctx.db.update(documents).set({ status: 'Not Uploaded' }).where(eq(documents.id, first.id));
    const data = StepperResponseSchema.parse(
      (await getStepper(client.caseId, await tokenFor(ctx, client.id))).json(),
    ).data;
    expect(data.documents_complete).toBe(false);
  });

  it("reports a passed 'Dossier aanvullen' as not complete while a mandatory document is open again", async () => {
    const client = await createTestClient(ctx, {
      status: 'negotiation-phase',
      name: 'Eva',
      lastName: 'Jansen',
      phoneNumber: '0612345678',
      street: 'Coolsingel',
      houseNumber: '1',
      postcode: '3011AD',
      city: 'Rotterdam',
    });
    await ctx.db
      .update(cases)
      .set({
        companyHouseNumber: '2',
        companyPostcode: '1234AA',
        companyCity: 'Delft',
        contactEmail: 'hr@acme.nl',
        contactPhoneNumber: '010',
      })
      .where(eq(cases.id, client.caseId));
    await ctx.db.update(documents).set({ status: 'Approved' }).where(eq(documents.caseId, client.caseId));
    const token = await tokenFor(ctx, client.id);
    const complete = async () =>
      Object.fromEntries(
        StepperResponseSchema.parse((await getStepper(client.caseId, token)).json()).data.stepper.map((s) => [
          s.slug,
          s.is_complete,
        ]),
      );
    expect(await complete()).toMatchObject({ lead: true, 'incomplete-case-file': true, 'reviewing-documents': true });

    // Rejected after the case moved on: the phase that asked for it is open again, the others stay done.
    const [first] = await ctx.db
      .select()
      .from(documents)
      .where(and(eq(documents.caseId, client.caseId), eq(documents.mandatory, true)))
      .limit(1);
    if (!first) throw new Error('no mandatory document');
    await ctx.db.update(documents).set({ status: 'Rejected' }).where(eq(documents.id, first.id));
    expect(await complete()).toMatchObject({
      lead: true,
      proposal: true,
      'incomplete-case-file': false,
      'reviewing-documents': true,
      'negotiation-phase': false,
    });
  });

  it('keeps documents incomplete while a mandatory one is rejected: the step never says the file is done', async () => {
    const client = await createTestClient(ctx, { status: 'incomplete-case-file' });
    const [first] = await ctx.db
      .select()
      .from(documents)
      .where(and(eq(documents.caseId, client.caseId), eq(documents.mandatory, true)))
      .limit(1);
    await ctx.db.update(documents).set({ status: 'Uploaded' }).where(eq(documents.caseId, client.caseId));
    if (first) await ctx.db.update(documents).set({ status: 'Rejected' }).where(eq(documents.id, first.id));
    const token = await tokenFor(ctx, client.id);
    expect(StepperResponseSchema.parse((await getStepper(client.caseId, token)).json()).data.documents_complete).toBe(
      false,
    );
    if (first) await ctx.db.update(documents).set({ status: 'Uploaded' }).where(eq(documents.id, first.id));
    expect(StepperResponseSchema.parse((await getStepper(client.caseId, token)).json()).data.documents_complete).toBe(
      true,
    );
  });

  it('says feedback is true once this case has feedback', async () => {
    const lawyer = await createTestLawyer(ctx);
    const client = await createTestClient(ctx, { status: 'completed', lawyerIds: [lawyer.id] });
    await ctx.db
      .insert(feedback)
      .values({ caseId: client.caseId, lawyerId: lawyer.id, clientId: client.id, text: 'Top' });
    const data = StepperResponseSchema.parse(
      (await getStepper(client.caseId, await tokenFor(ctx, client.id))).json(),
    ).data;
    expect(data.feedback).toBe(true);
    expect(data.stepper.find((s) => s.slug === 'completed')).toMatchObject({ is_current: true, is_complete: true });
    expect(data.stepper.find((s) => s.slug === 'completed')?.content_complete.buttons.map((b) => b.action)).toEqual([
      'review',
    ]);
  });

  it('answers in English when asked and rejects an unknown language', async () => {
    const client = await createTestClient(ctx);
    const token = await tokenFor(ctx, client.id);
    const data = StepperResponseSchema.parse((await getStepper(client.caseId, token, '?lang=en-US')).json()).data;
    expect(data.stepper[0]?.content_incomplete.title).toBe('Complete your details');
    expect((await getStepper(client.caseId, token, '?lang=xx')).statusCode).toBe(422);
  });

  it('lets the case lawyer read it and answers 404 for other clients, other lawyers and bad ids', async () => {
    const lawyer = await createTestLawyer(ctx);
    const other = await createTestLawyer(ctx);
    const client = await createTestClient(ctx, { lawyerIds: [lawyer.id] });
    const stranger = await createTestClient(ctx);
    expect((await getStepper(client.caseId, await tokenFor(ctx, lawyer.id))).statusCode).toBe(200);
    expect((await getStepper(client.caseId, await tokenFor(ctx, other.id))).statusCode).toBe(404);
    expect((await getStepper(client.caseId, await tokenFor(ctx, stranger.id))).statusCode).toBe(404);
    expect((await getStepper('not-a-uuid', await tokenFor(ctx, client.id))).statusCode).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/cases/${client.caseId}/status-stepper` })).statusCode,
    ).toBe(401);
  });
});

describe('stepper texts in the catalogue', () => {
  it('fills empty texts of an existing database but keeps texts the firm has changed', async () => {
    const changed = {
      ...STEPPER_CONTENT.check,
      incomplete: { ...STEPPER_CONTENT.check.incomplete, title: 'Eigen titel' },
    };
    await ctx.db.update(statuses).set({ content: {} }).where(eq(statuses.slug, 'lead'));
    await ctx.db.update(statuses).set({ content: changed }).where(eq(statuses.slug, 'check'));
    await ensureCatalogue(ctx.db);
    const rows = await ctx.db.select().from(statuses);
    expect(rows.find((r) => r.slug === 'lead')?.content).toEqual(STEPPER_CONTENT.lead);
    expect(rows.find((r) => r.slug === 'check')?.content).toEqual(changed);
  });

  it('has Dutch and English texts with a red or green colour for every phase', () => {
    for (const slug of STATUS_SLUGS) {
      const content = STEPPER_CONTENT[slug];
      expect(content.en).toBeDefined();
      for (const version of [content.incomplete, content.complete]) {
        expect(['red', 'green']).toContain(version.colour);
        expect(version.title.length).toBeGreaterThan(0);
      }
    }
  });
});
