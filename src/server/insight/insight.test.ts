import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, desc, eq } from 'drizzle-orm';
import {
  FUNNEL_STEPS,
  InsightResponseSchema,
  StuckResponseSchema,
  FunnelResponseSchema,
  type StuckReason,
} from '../../contract/insight';
import type { StatusSlug } from '../../contract/statuses';
import { auditEvents, cases, documents, outbox, settlementSigned, users } from '../infra/db/schema';
import { multipart } from '../infra/testing/multipart';
import { CSV_MOMENT, openAsDutchExcel } from '../infra/testing/dutch-excel';
import {
  bearer,
  createTestAdmin,
  createTestClient,
  createTestContext,
  createTestLawyer,
  tokenFor,
  type TestContext,
} from '../infra/testing/harness';
import { mondayOf, sendInsightWeekly } from './weekly-mail';

let ctx: TestContext;
let admin: { id: string; token: string };
beforeAll(async () => {
  // Sessions outlive the weeks the clock moves here, so a test's tokens keep working.
  ctx = await createTestContext({ tokenIdleMs: 400 * 86_400_000, tokenTtlMs: 400 * 86_400_000 });
  // Monday 4 January 2027, 09:00 in Amsterdam: every test moves the clock forward from here.
  ctx.clock.set(new Date('2027-01-04T08:00:00Z'));
  admin = await createTestAdmin(ctx);
});
afterAll(async () => {
  await ctx.close();
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const PDF = Buffer.from('%PDF-1.4\n%test\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const COMPLETE_PROFILE = {
  name: 'Kees',
  last_name: 'Klant',
  phone_number: '0612345678',
  street: 'Dorpsstraat',
  house_number: '1',
  postcode: '1234AB',
  city: 'Utrecht',
};
const COMPLETE_COMPANY = {
  company_name: 'Bakkerij de Boer BV',
  company_house_number: '5',
  company_postcode: '3011AA',
  company_city: 'Rotterdam',
  contact_email: 'hr@deboer.example',
  contact_phone_number: '0101234567',
};

const inject = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string | null, payload?: object) =>
  ctx.app.inject({
    method,
    url,
    headers: { ...(token ? bearer(token) : {}), 'user-agent': 'Vitest/1.0 (insight)' },
    ...(payload ? { payload } : {}),
  });
const caseOf = async (id: string) => (await ctx.db.select().from(cases).where(eq(cases.id, id)))[0]!;
const today = () => ctx.clock.now().toISOString().slice(0, 10);

async function stuckOf(lawyerId: string): Promise<
  {
    reason: StuckReason;
    case_id: string;
    since: string;
    client_name: string;
    lawyer_name: string | null;
    status: { slug: string };
  }[]
> {
  const response = await inject('GET', `/api/admin/insights/stuck?lawyer_id=${lawyerId}`, admin.token);
  expect(response.statusCode).toBe(200);
  return StuckResponseSchema.parse(response.json()).data;
}
const reasonsOf = async (lawyerId: string, caseId: string) =>
  (await stuckOf(lawyerId)).filter((s) => s.case_id === caseId).map((s) => s.reason);

describe('funnel steps are stamped where they happen', () => {
  it('records each step of a case walked through the real routes, once, at the moment it happened', async () => {
    ctx.clock.set(new Date('2027-01-11T09:00:00Z'));
    const lawyer = await createTestLawyer(ctx, { name: 'Sanne', lastName: 'Jansen' });
    const lawyerToken = await tokenFor(ctx, lawyer.id);
    const client = await createTestClient(ctx, {
      status: 'lead',
      lawyerIds: [lawyer.id],
      name: 'Kees',
      lastName: 'Klant',
    });
    const created = ctx.clock.now();
    let row = await caseOf(client.caseId);
    expect(row.createdAt).toEqual(created);
    expect(row.statusChangedAt).toEqual(created);
    expect(row.firstLoginAt).toBeNull();

    // first login: every sign-in issues a token.
    ctx.clock.advance(DAY);
    const signedIn = ctx.clock.now();
    let clientToken = await tokenFor(ctx, client.id);
    row = await caseOf(client.caseId);
    expect(row.firstLoginAt).toEqual(signedIn);
    expect(row.clientActiveAt).toEqual(signedIn);
    ctx.clock.advance(DAY);
    clientToken = await tokenFor(ctx, client.id);
    row = await caseOf(client.caseId);
    expect(row.firstLoginAt).toEqual(signedIn);
    expect(row.clientActiveAt).toEqual(ctx.clock.now());

    // personal data complete.
    ctx.clock.advance(HOUR);
    expect((await inject('PATCH', '/api/user', clientToken, COMPLETE_PROFILE)).statusCode).toBe(200);
    const personal = ctx.clock.now();
    expect((await caseOf(client.caseId)).profileCompletedAt).toEqual(personal);

    // employer data complete (and so Lead → Bijna cliënt, whose moment is the phase's start).
    ctx.clock.advance(HOUR);
    expect((await inject('PATCH', `/api/cases/${client.caseId}`, clientToken, COMPLETE_COMPANY)).statusCode).toBe(200);
    row = await caseOf(client.caseId);
    expect(row.companyCompletedAt).toEqual(ctx.clock.now());
    expect(row.statusSlug).toBe('almost-client');
    expect(row.statusChangedAt).toEqual(ctx.clock.now());
    // A later save keeps the first moment.
    ctx.clock.advance(HOUR);
    expect((await inject('PATCH', '/api/user', clientToken, { ...COMPLETE_PROFILE, city: 'Delft' })).statusCode).toBe(
      200,
    );
    expect((await caseOf(client.caseId)).profileCompletedAt).toEqual(personal);

    // package chosen.
    ctx.clock.advance(HOUR);
    expect(
      (await inject('PATCH', `/api/cases/${client.caseId}/offer`, clientToken, { offer: 'start' })).statusCode,
    ).toBe(200);
    expect((await caseOf(client.caseId)).offerChosenAt).toEqual(ctx.clock.now());

    // letter sent and signed.
    ctx.clock.advance(HOUR);
    expect(
      (await inject('POST', `/api/cases/${client.caseId}/proposal`, lawyerToken, { minimal_achievement: 'M2' }))
        .statusCode,
    ).toBe(200);
    ctx.clock.advance(HOUR);
    const sign = await inject('POST', `/api/cases/${client.caseId}/proposal/sign`, clientToken, {
      full_name: 'Kees Klant',
      agree: true,
      start_now: true,
    });
    expect(sign.statusCode).toBe(200);
    row = await caseOf(client.caseId);
    expect(row.proposalSignedAt).toEqual(ctx.clock.now());
    expect(row.statusSlug).toBe('incomplete-case-file');
    expect(row.documentsCompletedAt).toBeNull();

    // mandatory documents complete: at the last upload.
    const mandatory = await ctx.db
      .select({ id: documents.id })
      .from(documents)
      .where(and(eq(documents.caseId, client.caseId), eq(documents.mandatory, true)))
      .orderBy(asc(documents.createdAt));
    expect(mandatory.length).toBeGreaterThan(1);
    for (const [index, document] of mandatory.entries()) {
      ctx.clock.advance(HOUR);
      const body = multipart({}, [{ filename: 'stuk.pdf', contentType: 'application/pdf', data: PDF }]);
      const uploaded = await ctx.app.inject({
        method: 'POST',
        url: `/api/documents/${document.id}/upload`,
        headers: { ...bearer(clientToken), ...body.headers },
        payload: body.payload,
      });
      expect(uploaded.statusCode).toBe(200);
      expect((await caseOf(client.caseId)).documentsCompletedAt).toEqual(
        index === mandatory.length - 1 ? ctx.clock.now() : null,
      );
    }
    const documentsDone = ctx.clock.now();
    expect((await caseOf(client.caseId)).statusSlug).toBe('reviewing-documents');

    // settlement signed: recorded by the lawyer.
    ctx.clock.advance(DAY);
    const signedBody = multipart({ dated: '2027-01-20', agreed_on: '2027-01-20', cooling_off_clause: 'true' }, [
      { filename: 'getekend.pdf', contentType: 'application/pdf', data: PDF },
    ]);
    const recorded = await ctx.app.inject({
      method: 'POST',
      url: `/api/cases/${client.caseId}/settlement/signed`,
      headers: { ...bearer(lawyerToken), ...signedBody.headers },
      payload: signedBody.payload,
    });
    expect(recorded.statusCode).toBe(201);
    const settlementAt = ctx.clock.now();
    expect((await caseOf(client.caseId)).settlementSignedAt).toEqual(settlementAt);
    // Corrected within the bedenktijd (naming the version it corrects): the step keeps its first moment.
    ctx.clock.advance(HOUR);
    const again = multipart(
      { dated: '2027-01-20', agreed_on: '2027-01-20', cooling_off_clause: 'false', version: '1' },
      [{ filename: 'getekend.pdf', contentType: 'application/pdf', data: PDF }],
    );
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/cases/${client.caseId}/settlement/signed`,
          headers: { ...bearer(lawyerToken), ...again.headers },
          payload: again.payload,
        })
      ).statusCode,
    ).toBe(201);
    expect((await caseOf(client.caseId)).settlementSignedAt).toEqual(settlementAt);

    // completed: finished, then 'Factuur voldaan'.
    await ctx.db
      .update(cases)
      .set({ statusSlug: 'ready-for-invoicing', lastUpdateAt: ctx.clock.now() })
      .where(eq(cases.id, client.caseId));
    ctx.clock.advance(DAY);
    expect(
      (await inject('PATCH', `/api/cases/${client.caseId}/status`, lawyerToken, { status: 'completed' })).statusCode,
    ).toBe(200);
    expect((await caseOf(client.caseId)).completedAt).toEqual(ctx.clock.now());

    // The funnel of this lawyer counts the case at every step, with the days each step took.
    const funnel = FunnelResponseSchema.parse(
      (
        await inject(
          'GET',
          `/api/admin/insights/funnel?from=2027-01-11&until=2027-01-11&lawyer_id=${lawyer.id}`,
          admin.token,
        )
      ).json(),
    ).data;
    expect(funnel.map((f) => f.step)).toEqual([...FUNNEL_STEPS]);
    expect(funnel.map((f) => f.count)).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1]);
    expect(funnel.map((f) => f.share)).toEqual([null, 1, 1, 1, 1, 1, 1, 1, 1]);
    const days = (from: Date, to: Date) => Math.round(((to.getTime() - from.getTime()) / DAY) * 10) / 10;
    expect(funnel[1]!.median_days).toBe(1);
    expect(funnel[7]!.median_days).toBe(days(documentsDone, settlementAt));
    expect(funnel[8]!.median_days).toBe(1);
  });
});

describe('the funnel over seeded histories', () => {
  /** A case created at `created` with its steps `offsets` days later (null: not reached). */
  async function seed(lawyerId: string, created: Date, offsets: (number | null)[]) {
    ctx.clock.set(created);
    const client = await createTestClient(ctx, { status: 'lead', lawyerIds: [lawyerId] });
    const at = (index: number) =>
      offsets[index] === null || offsets[index] === undefined
        ? null
        : new Date(created.getTime() + offsets[index]! * DAY);
    await ctx.db
      .update(cases)
      .set({
        firstLoginAt: at(0),
        profileCompletedAt: at(1),
        companyCompletedAt: at(2),
        offerChosenAt: at(3),
        proposalSignedAt: at(4),
        documentsCompletedAt: at(5),
        completedAt: at(7),
      })
      .where(eq(cases.id, client.caseId));
    const settlement = at(6);
    if (settlement)
      await ctx.db.insert(settlementSigned).values({
        caseId: client.caseId,
        dated: '2027-03-01',
        agreedOn: '2027-03-01',
        coolingOffClause: true,
        recordedAt: settlement,
      });
    return client.caseId;
  }

  it('counts the period’s new cases that reached each step, with share of the step before, median days', async () => {
    const lawyer = await createTestLawyer(ctx);
    const other = await createTestLawyer(ctx);
    const base = new Date('2027-02-01T10:00:00Z');
    // Four cases in February: all signed in; three completed personal data (after 1, 2 and 4 days);
    await seed(lawyer.id, base, [0.5, 1, 2, 3, 4, 10, 20, 30]);
    await seed(lawyer.id, new Date(base.getTime() + DAY), [1, 2, 2, 4, null, null, null, null]);
    await seed(lawyer.id, new Date(base.getTime() + 2 * DAY), [1, 4, null, null, null, null, null, null]);
    await seed(lawyer.id, new Date(base.getTime() + 3 * DAY), [2, null, null, null, null, null, null, null]);
    // … one created before the period, one of another lawyer: neither counts.
    await seed(lawyer.id, new Date('2027-01-31T10:00:00Z'), [1, 1, 1, 1, 1, 1, 1, 1]);
    await seed(other.id, base, [1, 1, 1, 1, 1, 1, 1, 1]);
    ctx.clock.set(new Date('2027-03-10T10:00:00Z'));

    const response = await inject(
      'GET',
      `/api/admin/insight?from=2027-02-01&to=2027-02-28&lawyer_id=${lawyer.id}`,
      admin.token,
    );
    expect(response.statusCode).toBe(200);
    const { data } = InsightResponseSchema.parse(response.json());
    expect(data.period).toEqual({ from: '2027-02-01', to: '2027-02-28', lawyer_id: lawyer.id });
    const byStep = Object.fromEntries(data.funnel.map((f) => [f.step, f]));
    expect(byStep.account_created).toEqual({ step: 'account_created', count: 4, share: null, median_days: null });
    // Sign-ins after 0.5, 1, 1 and 2 days: median 1.
    expect(byStep.first_login).toEqual({ step: 'first_login', count: 4, share: 1, median_days: 1 });
    // Personal data 0.5, 1 and 3 days after the sign-in: median 1.
    expect(byStep.personal_data_complete).toEqual({
      step: 'personal_data_complete',
      count: 3,
      share: 0.75,
      median_days: 1,
    });
    expect(byStep.employer_data_complete).toEqual({
      step: 'employer_data_complete',
      count: 2,
      share: 0.667,
      median_days: 0.5,
    });
    expect(byStep.package_chosen).toEqual({ step: 'package_chosen', count: 2, share: 1, median_days: 1.5 });
    expect(byStep.letter_signed).toEqual({ step: 'letter_signed', count: 1, share: 0.5, median_days: 1 });
    expect(byStep.documents_complete).toEqual({ step: 'documents_complete', count: 1, share: 1, median_days: 6 });
    expect(byStep.settlement_signed).toEqual({ step: 'settlement_signed', count: 1, share: 1, median_days: 10 });
    expect(byStep.completed).toEqual({ step: 'completed', count: 1, share: 1, median_days: 10 });

    // Without the lawyer filter the other lawyer's case counts too.
    const all = InsightResponseSchema.parse(
      (await inject('GET', '/api/admin/insight?from=2027-02-01&to=2027-02-01', admin.token)).json(),
    ).data;
    expect(all.funnel[0]!.count).toBeGreaterThanOrEqual(2);
  });

  it('never shows a share above 100 %: a case that skipped the step before is not counted onward', async () => {
    const lawyer = await createTestLawyer(ctx);
    const day = new Date('2027-03-22T10:00:00Z');
    // Two packages chosen by the lawyer before any employer data, one case through every step.
    await seed(lawyer.id, day, [1, null, null, 3, null, null, null, null]);
    await seed(lawyer.id, day, [1, null, null, 3, null, null, null, null]);
    await seed(lawyer.id, day, [1, 1, 1, 1, null, null, null, null]);
    const funnel = FunnelResponseSchema.parse(
      (
        await inject(
          'GET',
          `/api/admin/insights/funnel?from=2027-03-22&until=2027-03-22&lawyer_id=${lawyer.id}`,
          admin.token,
        )
      ).json(),
    ).data;
    expect(funnel[3]).toMatchObject({ step: 'employer_data_complete', count: 1 });
    // Three packages chosen after one case with employer data: 1 of 1 went on, not 300 %.
    expect(funnel[4]).toMatchObject({ step: 'package_chosen', count: 3, share: 1 });
    for (const row of funnel) expect(row.share ?? 0).toBeLessThanOrEqual(1);
  });

  it('measures a skipped step from the last step reached, and an empty period as zeros', async () => {
    const lawyer = await createTestLawyer(ctx);
    // The lawyer chose the package for the client before the client completed any data.
    await seed(lawyer.id, new Date('2027-03-15T10:00:00Z'), [1, null, null, 3, null, null, null, null]);
    const funnel = FunnelResponseSchema.parse(
      (
        await inject(
          'GET',
          `/api/admin/insights/funnel?from=2027-03-15&until=2027-03-15&lawyer_id=${lawyer.id}`,
          admin.token,
        )
      ).json(),
    ).data;
    expect(funnel[2]).toEqual({ step: 'personal_data_complete', count: 0, share: 0, median_days: null });
    expect(funnel[3]).toEqual({ step: 'employer_data_complete', count: 0, share: null, median_days: null });
    // Package chosen 2 days after the sign-in, the last step it reached before.
    expect(funnel[4]).toEqual({ step: 'package_chosen', count: 1, share: null, median_days: 2 });
    const empty = FunnelResponseSchema.parse(
      (
        await inject(
          'GET',
          `/api/admin/insights/funnel?from=2026-01-01&until=2026-01-31&lawyer_id=${lawyer.id}`,
          admin.token,
        )
      ).json(),
    ).data;
    expect(empty.every((f) => f.count === 0 && f.median_days === null)).toBe(true);
  });
});

describe('stuck cases', () => {
  async function world(status: StatusSlug) {
    const lawyer = await createTestLawyer(ctx, { name: 'Daan', lastName: 'Visser' });
    const client = await createTestClient(ctx, {
      status,
      lawyerIds: [lawyer.id],
      name: 'Emma',
      infix: 'de',
      lastName: 'Boer',
    });
    return { lawyer, client, lawyerToken: await tokenFor(ctx, lawyer.id), clientToken: await tokenFor(ctx, client.id) };
  }

  it('lists a client inactive for 7 days in a phase where the client acts, until the client is back', async () => {
    ctx.clock.set(new Date('2027-04-05T08:00:00Z'));
    const w = await world('incomplete-case-file');
    const waiting = await world('reviewing-documents');
    const since = ctx.clock.now();
    ctx.clock.advance(7 * DAY - 60_000);
    expect(await reasonsOf(w.lawyer.id, w.client.caseId)).toEqual([]);
    ctx.clock.advance(60_000);
    const stuck = (await stuckOf(w.lawyer.id)).find((s) => s.case_id === w.client.caseId);
    expect(stuck).toMatchObject({
      reason: 'client_inactive',
      client_name: 'Emma de Boer',
      lawyer_name: 'Daan Visser',
      status: { slug: 'incomplete-case-file' },
      since: since.toISOString(),
    });
    // The lawyer's turn: never 'inactive', however long the client stays away.
    expect(await reasonsOf(waiting.lawyer.id, waiting.client.caseId)).toEqual([]);
    // The client signs in again: active.
    await tokenFor(ctx, w.client.id);
    expect(await reasonsOf(w.lawyer.id, w.client.caseId)).toEqual([]);
  });

  it('counts activity from the last request of the client, and from the start of the phase', async () => {
    ctx.clock.set(new Date('2027-04-19T08:00:00Z'));
    const w = await world('almost-client');
    ctx.clock.advance(3 * DAY);
    // A request with the session (within its idle window) is activity, recorded at most once a minute.
    const fresh = await tokenFor(ctx, w.client.id);
    ctx.clock.advance(10 * 60_000);
    expect((await inject('GET', '/api/user', fresh)).statusCode).toBe(200);
    const used = ctx.clock.now();
    expect((await caseOf(w.client.caseId)).clientActiveAt).toEqual(used);
    ctx.clock.advance(7 * DAY);
    expect(await stuckOf(w.lawyer.id)).toEqual([
      expect.objectContaining({ case_id: w.client.caseId, reason: 'client_inactive', since: used.toISOString() }),
    ]);
    // A new phase restarts the clock: the lawyer sends the package back to the client's turn.
    await ctx.db
      .update(cases)
      .set({ statusSlug: 'lead', lastUpdateAt: ctx.clock.now() })
      .where(eq(cases.id, w.client.caseId));
    expect(await reasonsOf(w.lawyer.id, w.client.caseId)).toEqual([]);
  });

  it('lists a client message unanswered for 2 working days, skipping the weekend, until a lawyer answers', async () => {
    // Friday 7 May 2027, 16:00 in Amsterdam.
    ctx.clock.set(new Date('2027-05-07T14:00:00Z'));
    const w = await world('reviewing-documents');
    expect(
      (await inject('POST', `/api/cases/${w.client.caseId}/messages`, w.clientToken, { text: 'Is er al nieuws?' }))
        .statusCode,
    ).toBe(201);
    const sent = ctx.clock.now();
    // A second client message does not restart the wait.
    ctx.clock.advance(HOUR);
    expect(
      (await inject('POST', `/api/cases/${w.client.caseId}/messages`, w.clientToken, { text: 'Nog een vraag' }))
        .statusCode,
    ).toBe(201);
    // Tuesday 15:59: Monday and most of Tuesday passed.
    ctx.clock.set(new Date('2027-05-11T13:59:00Z'));
    expect(await reasonsOf(w.lawyer.id, w.client.caseId)).toEqual([]);
    ctx.clock.set(new Date('2027-05-11T14:00:00Z'));
    expect(await stuckOf(w.lawyer.id)).toEqual([
      expect.objectContaining({
        case_id: w.client.caseId,
        reason: 'message_unanswered',
        since: sent.toISOString(),
        status: expect.objectContaining({ slug: 'reviewing-documents' }),
      }),
    ]);
    const lawyerToken = await tokenFor(ctx, w.lawyer.id);
    expect(
      (await inject('POST', `/api/cases/${w.client.caseId}/messages`, lawyerToken, { text: 'Ik kijk ernaar.' }))
        .statusCode,
    ).toBe(201);
    expect(await reasonsOf(w.lawyer.id, w.client.caseId)).toEqual([]);
    expect((await caseOf(w.client.caseId)).awaitingReplySince).toBeNull();
  });

  it('forgets a client message its author deleted, and counts the wait from the one still there', async () => {
    ctx.clock.set(new Date('2027-05-17T08:00:00Z'));
    const w = await world('negotiation-phase');
    const first = await inject('POST', `/api/cases/${w.client.caseId}/messages`, w.clientToken, {
      text: 'Eerste vraag',
    });
    expect(first.statusCode).toBe(201);
    expect((await caseOf(w.client.caseId)).awaitingReplySince).toEqual(ctx.clock.now());
    ctx.clock.advance(60_000);
    const second = await inject('POST', `/api/cases/${w.client.caseId}/messages`, w.clientToken, {
      text: 'Tweede vraag',
    });
    const secondAt = ctx.clock.now();
    ctx.clock.advance(60_000);
    const firstId = (first.json() as { data: { id: string } }).data.id;
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/messages/${firstId}`, headers: bearer(w.clientToken) }))
        .statusCode,
    ).toBe(204);
    expect((await caseOf(w.client.caseId)).awaitingReplySince).toEqual(secondAt);
    const secondId = (second.json() as { data: { id: string } }).data.id;
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/messages/${secondId}`, headers: bearer(w.clientToken) }))
        .statusCode,
    ).toBe(204);
    expect((await caseOf(w.client.caseId)).awaitingReplySince).toBeNull();
  });

  it('lists an engagement letter unsigned for 3 days', async () => {
    ctx.clock.set(new Date('2027-05-24T08:00:00Z'));
    const w = await world('offer-chosen');
    await ctx.db
      .update(cases)
      .set({ offer: 'start', offerChosenAt: ctx.clock.now() })
      .where(eq(cases.id, w.client.caseId));
    expect((await inject('PATCH', '/api/user', w.clientToken, COMPLETE_PROFILE)).statusCode).toBe(200);
    expect((await inject('PATCH', `/api/cases/${w.client.caseId}`, w.clientToken, COMPLETE_COMPANY)).statusCode).toBe(
      200,
    );
    ctx.clock.advance(HOUR);
    expect(
      (await inject('POST', `/api/cases/${w.client.caseId}/proposal`, w.lawyerToken, { minimal_achievement: 'M2' }))
        .statusCode,
    ).toBe(200);
    const sentAt = ctx.clock.now();
    // The client keeps signing in, so only the letter is the reason.
    ctx.clock.advance(3 * DAY - 60_000);
    await tokenFor(ctx, w.client.id);
    expect(await reasonsOf(w.lawyer.id, w.client.caseId)).toEqual([]);
    ctx.clock.advance(60_000);
    expect(await stuckOf(w.lawyer.id)).toEqual([
      expect.objectContaining({
        case_id: w.client.caseId,
        reason: 'letter_unsigned',
        since: sentAt.toISOString(),
        status: expect.objectContaining({ slug: 'proposal' }),
      }),
    ]);
    const clientToken = await tokenFor(ctx, w.client.id);
    const signed = await inject('POST', `/api/cases/${w.client.caseId}/proposal/sign`, clientToken, {
      full_name: 'Kees de Klant',
      agree: true,
      start_now: true,
    });
    expect(signed.statusCode).toBe(200);
    expect(await reasonsOf(w.lawyer.id, w.client.caseId)).toEqual([]);
  });

  it('lists a letter not sent within 24 hours of the package choice', async () => {
    ctx.clock.set(new Date('2027-06-07T08:00:00Z'));
    const w = await world('almost-client');
    expect(
      (await inject('PATCH', `/api/cases/${w.client.caseId}/offer`, w.clientToken, { offer: 'complete' })).statusCode,
    ).toBe(200);
    const chosen = ctx.clock.now();
    expect((await caseOf(w.client.caseId)).statusSlug).toBe('offer-chosen');
    ctx.clock.advance(24 * HOUR - 60_000);
    expect(await reasonsOf(w.lawyer.id, w.client.caseId)).toEqual([]);
    ctx.clock.advance(60_000);
    expect(await stuckOf(w.lawyer.id)).toEqual([
      expect.objectContaining({
        case_id: w.client.caseId,
        reason: 'letter_not_sent',
        since: chosen.toISOString(),
        lawyer_name: 'Daan Visser',
      }),
    ]);
  });

  it('lists only the longest stuck per reason past the limit, and says so', async () => {
    ctx.clock.set(new Date('2027-06-21T08:00:00Z'));
    const { listStuckCases } = await import('./queries');
    const w = await world('offer-chosen');
    const extra = await createTestClient(ctx, { status: 'offer-chosen', lawyerIds: [w.lawyer.id] });
    await ctx.db
      .update(cases)
      .set({ offerChosenAt: new Date(ctx.clock.now().getTime() - 3 * DAY) })
      .where(eq(cases.id, w.client.caseId));
    await ctx.db
      .update(cases)
      .set({ offerChosenAt: new Date(ctx.clock.now().getTime() - 2 * DAY) })
      .where(eq(cases.id, extra.caseId));
    const result = await listStuckCases(ctx.db, { now: ctx.clock.now(), lawyerId: w.lawyer.id, limit: 1 });
    expect(result.cases.map((c) => [c.case_id, c.reason])).toEqual([[w.client.caseId, 'letter_not_sent']]);
    expect(result.truncated).toEqual(['letter_not_sent']);
  });
});

describe('what the admin sees', () => {
  it('shows names, phases and dates, never case content', async () => {
    ctx.clock.set(new Date('2027-07-05T08:00:00Z'));
    const lawyer = await createTestLawyer(ctx);
    const client = await createTestClient(ctx, {
      status: 'reviewing-documents',
      lawyerIds: [lawyer.id],
      name: 'Noor',
      lastName: 'Vos',
    });
    const clientToken = await tokenFor(ctx, client.id);
    await ctx.db
      .update(cases)
      .set({ notes: 'GEHEIME-NOTITIE', companyName: 'GEHEIM-BEDRIJF' })
      .where(eq(cases.id, client.caseId));
    expect(
      (await inject('POST', `/api/cases/${client.caseId}/messages`, clientToken, { text: 'GEHEIM-BERICHT' }))
        .statusCode,
    ).toBe(201);
    ctx.clock.advance(7 * DAY);
    const answer = await inject('GET', `/api/admin/insight?lawyer_id=${lawyer.id}`, admin.token);
    expect(answer.statusCode).toBe(200);
    const csv = await inject('GET', `/api/admin/insight.csv?lawyer_id=${lawyer.id}`, admin.token);
    expect(csv.statusCode).toBe(200);
    for (const body of [answer.body, csv.body]) {
      expect(body).toContain('Noor Vos');
      for (const secret of ['GEHEIM-BERICHT', 'GEHEIME-NOTITIE', 'GEHEIM-BEDRIJF', client.email])
        expect(body).not.toContain(secret);
    }
    const { data } = InsightResponseSchema.parse(answer.json());
    expect(Object.keys(data.stuck[0]!).sort()).toEqual([
      'case_id',
      'client_name',
      'lawyer_name',
      'reason',
      'since',
      'status',
    ]);
    // The default period: the last 90 days up to today (Amsterdam).
    expect(data.period).toMatchObject({ from: '2027-04-14', to: today() });
  });

  it('exports both as CSV in the reader’s language, with formulas neutralised, and records the export', async () => {
    ctx.clock.set(new Date('2027-07-19T08:00:00Z'));
    const lawyer = await createTestLawyer(ctx);
    const client = await createTestClient(ctx, {
      status: 'offer-chosen',
      lawyerIds: [lawyer.id],
      name: '=HYPERLINK("x")',
      lastName: 'Klant',
    });
    await ctx.db.update(cases).set({ offerChosenAt: ctx.clock.now() }).where(eq(cases.id, client.caseId));
    ctx.clock.advance(2 * DAY);
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/insight.csv?from=2027-07-19&to=2027-07-21&lawyer_id=${lawyer.id}`,
      headers: { ...bearer(admin.token), 'accept-language': 'nl-NL' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="inzicht-2027-07-19-2027-07-21.csv"');
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Onderdeel;Stap;Aantal;Van de stap ervoor (%);Mediaan (dagen);Dossier-id;Cliënt;Jurist;Fase;Reden;Sinds',
    );
    expect(lines[1]).toBe('Trechter;Account aangemaakt;1;;;;;;;;');
    expect(lines).toHaveLength(1 + FUNNEL_STEPS.length + 1);
    expect(lines.at(-1)).toBe(
      (
        `Vastgelopen;;;;;${client.caseId};"'=HYPERLINK(""x"") Klant";Kees Klant;Offerte gekozen;` +
        `Opdrachtbevestiging niet binnen 24 uur na pakketkeuze verstuurd;19-07-2027 10:00`
      ).replace('Kees Klant', await lawyerName(lawyer.id)),
    );
    // As Dutch Excel opens it: one cell per column, the name with its quotes in one cell, not run as a formula.
    const rows = openAsDutchExcel(response.body);
    expect(rows.every((row) => row.length === 11)).toBe(true);
    expect(rows.at(-1)?.[6]).toBe(`'=HYPERLINK("x") Klant`);
    expect(rows.at(-1)?.[10]).toMatch(CSV_MOMENT);
    const english = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/insight.csv?from=2027-07-19&to=2027-07-21&lawyer_id=${lawyer.id}`,
      headers: { ...bearer(admin.token), 'accept-language': 'en-US' },
    });
    expect(english.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
      'Section;Step;Count;Of the step before (%);Median (days);Case id;Client;Lawyer;Phase;Reason;Since',
    );
    const [line] = await ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, admin.id), eq(auditEvents.action, 'insight.exported')))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    expect(line?.data).toMatchObject({ from: '2027-07-19', to: '2027-07-21', lawyer_id: lawyer.id, stuck: 1 });
  });

  async function lawyerName(id: string) {
    const [row] = await ctx.db.select().from(users).where(eq(users.id, id));
    return [row!.name, row!.infix, row!.lastName].filter(Boolean).join(' ');
  }
});

describe('refusals', () => {
  it('answers 401 and 403 before looking at the input, then 422 for bad dates and unknown lawyers', async () => {
    const lawyer = await createTestLawyer(ctx);
    const lawyerToken = await tokenFor(ctx, lawyer.id);
    for (const url of [
      '/api/admin/insight?from=2027-02-30',
      '/api/admin/insight.csv?from=nope',
      '/api/admin/insights/funnel?until=2027-13-01',
      '/api/admin/insights/stuck?lawyer_id=x',
    ]) {
      expect((await inject('GET', url, null)).statusCode).toBe(401);
      expect((await inject('GET', url, lawyerToken)).statusCode).toBe(403);
      expect((await inject('GET', url, admin.token)).statusCode).toBe(422);
    }
    const bad = async (query: string, field: string) => {
      const response = await inject('GET', `/api/admin/insight?${query}`, admin.token);
      expect(response.statusCode).toBe(422);
      expect(Object.keys(response.json().errors ?? {})).toContain(field);
    };
    await bad('from=2027-03-01&to=2027-02-01', 'to');
    await bad('from=2020-01-01&to=2027-02-01', 'to');
    await bad('from=2027-01-01&to=2027-02-01&until=2027-03-01', 'until');
    await bad(`lawyer_id=${admin.id}`, 'lawyer_id');
    await bad('lawyer_id=not-a-uuid', 'lawyer_id');
    await bad('page=2', 'query');
    // A start after today with no end: the end defaults to today, before the start.
    await bad('from=2099-01-01', 'to');
  });

  it('refuses a date outside 1900–2100 with 422 on every route, never a 500 or a wrong 200', async () => {
    for (const [query, field] of [
      ['to=9999-12-31', 'to'],
      ['from=9999-12-01&to=9999-12-31', 'from'],
      ['from=1899-12-31&to=1900-01-02', 'from'],
      ['until=2101-01-01', 'until'],
      ['from=0001-01-01', 'from'],
    ] as const) {
      for (const route of ['/api/admin/insight', '/api/admin/insight.csv', '/api/admin/insights/funnel']) {
        const response = await ctx.app.inject({
          method: 'GET',
          url: `${route}?${query}`,
          headers: { ...bearer(admin.token), 'accept-language': 'nl-NL' },
        });
        expect(response.statusCode, `${route}?${query}`).toBe(422);
        expect(response.json().errors?.[field]).toContain('Kies een datum tussen 1900 en 2100.');
      }
    }
    // The edges themselves are accepted.
    expect((await inject('GET', '/api/admin/insight?from=2100-10-01&to=2100-12-31', admin.token)).statusCode).toBe(200);
  });
});

describe('the weekly summary mail', () => {
  it('goes to every active admin once a week from Monday 08:00, with counts and no names', async () => {
    // Sunday 1 August 2027.
    ctx.clock.set(new Date('2027-08-01T10:00:00Z'));
    const lawyer = await createTestLawyer(ctx);
    const client = await createTestClient(ctx, {
      status: 'offer-chosen',
      lawyerIds: [lawyer.id],
      name: 'Fenna',
      lastName: 'Geheimnaam',
    });
    await ctx.db.update(cases).set({ offerChosenAt: ctx.clock.now() }).where(eq(cases.id, client.caseId));
    const off = await createTestAdmin(ctx);
    await ctx.db.update(users).set({ deactivatedAt: ctx.clock.now() }).where(eq(users.id, off.id));
    // Monday 07:59 in Amsterdam (05:59 UTC in summer): not yet.
    ctx.clock.set(new Date('2027-08-02T05:59:00Z'));
    expect(mondayOf(ctx.clock.now())).toBe('2027-08-02');
    expect(await sendInsightWeekly(ctx.db, ctx.clock.now())).toBe(0);
    ctx.clock.set(new Date('2027-08-02T06:00:00Z'));
    const admins = await ctx.db.select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
    const sent = await sendInsightWeekly(ctx.db, ctx.clock.now());
    expect(sent).toBe(admins.length - 1);
    // Again that week (another run, another instance): nothing more.
    ctx.clock.advance(HOUR);
    expect(await sendInsightWeekly(ctx.db, ctx.clock.now())).toBe(0);
    const rows = await ctx.db.select().from(outbox).where(eq(outbox.kind, 'insight_weekly'));
    expect(rows.map((r) => r.recipientId)).not.toContain(off.id);
    const mine = rows.find((r) => r.recipientId === admin.id)!;
    expect((mine.payload as { unsent: number }).unsent).toBeGreaterThanOrEqual(1);
    const [adminRow] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, admin.id));
    const waiting = ctx.smtp.waitForMail(adminRow!.email, { since: ctx.smtp.messages.length });
    await ctx.outbox.drain();
    const mail = await waiting;
    expect(mail.subject).toBe('Inzicht: de week in het portaal');
    expect(mail.text).toContain('/beheer/inzicht');
    expect(mail.text).toMatch(/\d+ dossiers met een cliënt die 7 dagen niet actief was/);
    for (const text of [mail.text, mail.html]) expect(text).not.toContain('Geheimnaam');
    // The next Monday: a new summary.
    ctx.clock.set(new Date('2027-08-09T07:00:00Z'));
    expect(await sendInsightWeekly(ctx.db, ctx.clock.now())).toBe(admins.length - 1);
  });
});
