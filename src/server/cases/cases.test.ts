import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CaseClientViewResponseSchema, CaseLawyerViewResponseSchema } from '../../contract/cases';
import { ClientDashboardResponseSchema } from '../../contract/dashboard';
import {
  createTestContext,
  createTestClient,
  createTestLawyer,
  bearer,
  tokenFor,
  type TestContext,
} from '../infra/testing/harness';
import { cases, documents, invoices } from '../infra/db/schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const get = (url: string, token: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });

describe('the client dashboard in one answer', () => {
  it('gives each part exactly as the request it stands for answers it, in the asked language', async () => {
    const lawyer = await createTestLawyer(ctx);
    const client = await createTestClient(ctx, { status: 'incomplete-case-file', lawyerIds: [lawyer.id] });
    const token = await tokenFor(ctx, client.id);
    // An open invoice for the card of open invoices, and a draft the client must not see.
    const invoice = { caseId: client.caseId, clientId: client.id, recipient: 'client', totalCents: 75_000 } as const;
    await ctx.db.insert(invoices).values([
      {
        ...invoice,
        status: 'open',
        number: `D-${client.caseId}`,
        issuedAt: ctx.clock.now(),
        issueDate: '2026-12-01',
        dueDate: '2026-12-15',
      },
      { ...invoice, status: 'draft' },
    ]);
    const json = async (url: string) => {
      const response = await get(url, token);
      expect(response.statusCode, url).toBe(200);
      return response.json() as { data: unknown };
    };
    for (const lang of ['nl-NL', 'en-US'] as const) {
      const dashboard = await json(`/api/cases/mine/dashboard?lang=${lang}`);
      const parsed = ClientDashboardResponseSchema.parse(dashboard).data;
      expect(parsed.case.id).toBe(client.caseId);
      expect(dashboard.data).toEqual({
        case: (await json('/api/cases/mine')).data,
        stepper: (await json(`/api/cases/${client.caseId}/status-stepper?lang=${lang}`)).data,
        timeline: await json(`/api/cases/${client.caseId}/timeline?page=1`),
        appointment: await json(`/api/cases/${client.caseId}/appointment`),
        questions: (await json('/api/client-questions')).data,
        // Not completed: nothing about the account's deletion yet.
        retention: null,
        invoices: await json(`/api/cases/${client.caseId}/invoices`),
      });
      expect(parsed.invoices?.data.map((i) => i.status)).toEqual(['open']);
    }
    // Without `lang`, the stepper's default (Dutch), as its own request.
    expect(((await json('/api/cases/mine/dashboard')).data as { stepper: unknown }).stepper).toEqual(
      (await json(`/api/cases/${client.caseId}/status-stepper`)).data,
    );
  });

  it('also for a case without a lawyer', async () => {
    const client = await createTestClient(ctx);
    const token = await tokenFor(ctx, client.id);
    const dashboard = ClientDashboardResponseSchema.parse((await get('/api/cases/mine/dashboard', token)).json()).data;
    expect(dashboard.case.lawyers).toEqual([]);
    expect(dashboard.appointment).toEqual((await get(`/api/cases/${client.caseId}/appointment`, token)).json());
  });

  it('answers 404 to a lawyer and 422 to an unknown language', async () => {
    const lawyer = await createTestLawyer(ctx);
    const client = await createTestClient(ctx, { lawyerIds: [lawyer.id] });
    expect((await get('/api/cases/mine/dashboard', await tokenFor(ctx, lawyer.id))).statusCode).toBe(404);
    expect((await get('/api/cases/mine/dashboard?lang=de-DE', await tokenFor(ctx, client.id))).statusCode).toBe(422);
  });
});

describe('the dashboard of a completed case: when the account goes and until when the file is kept', () => {
  let seven: TestContext;
  beforeAll(async () => {
    seven = await createTestContext({ fileRetentionYears: 7 });
  });
  afterAll(async () => {
    await seven.close();
  });

  const complete = async (on: TestContext, completedAt: Date, legalHold = false) => {
    const client = await createTestClient(on, { status: 'completed' });
    await on.db.update(cases).set({ completedAt, legalHold }).where(eq(cases.id, client.caseId));
    const response = await on.app.inject({
      method: 'GET',
      url: '/api/cases/mine/dashboard',
      headers: bearer(await tokenFor(on, client.id)),
    });
    return ClientDashboardResponseSchema.parse(response.json()).data.retention;
  };

  it('gives 6 months after completion for the account, FILE_RETENTION_YEARS (here 7) for the file', async () => {
    expect(await complete(seven, new Date('2026-03-10T14:00:00.000Z'))).toEqual({
      account_until: '2026-09-10T14:00:00.000Z',
      file_until: '2033-03-10T14:00:00.000Z',
      years: 7,
    });
  });

  it('uses the default of 5 years without the setting', async () => {
    expect(ctx.config.fileRetentionYears).toBe(5);
    expect(await complete(ctx, new Date('2026-03-10T14:00:00.000Z'))).toMatchObject({
      file_until: '2031-03-10T14:00:00.000Z',
      years: 5,
    });
  });

  it('gives no dates on a legal hold, which stops both', async () => {
    expect(await complete(ctx, new Date('2026-03-10T14:00:00.000Z'), true)).toBeNull();
  });
});

describe('case views', () => {
  it('gives a client their own case in the contract shape, with the mandatory document slots', async () => {
    const lawyer = await createTestLawyer(ctx);
    const client = await createTestClient(ctx, { status: 'check', lawyerIds: [lawyer.id] });
    const response = await get('/api/cases/mine', await tokenFor(ctx, client.id));
    expect(response.statusCode).toBe(200);
    const view = CaseClientViewResponseSchema.parse(response.json()).data;
    expect(view.id).toBe(client.caseId);
    expect(view.status).toMatchObject({ slug: 'check', display_name: 'Controles', order: 8 });
    expect(view.documents.filter((d) => d.mandatory).map((d) => d.status)).toEqual([
      'Not Uploaded',
      'Not Uploaded',
      'Not Uploaded',
      'Not Uploaded',
    ]);
    expect(view.lawyers.map((l) => l.id)).toEqual([lawyer.id]);
  });

  it('hides documents that are not visible from the client and shows them to the lawyer', async () => {
    const lawyer = await createTestLawyer(ctx);
    const client = await createTestClient(ctx, { lawyerIds: [lawyer.id] });
    await ctx.db
      .insert(documents)
      .values({ caseId: client.caseId, title: 'Notitie', mandatory: false, visible: false });
    const mine = CaseClientViewResponseSchema.parse(
      (await get('/api/cases/mine', await tokenFor(ctx, client.id))).json(),
    ).data;
    expect(mine.documents.some((d) => d.title === 'Notitie')).toBe(false);
    const detail = CaseLawyerViewResponseSchema.parse(
      (await get(`/api/cases/${client.caseId}`, await tokenFor(ctx, lawyer.id))).json(),
    ).data;
    expect(detail.documents.some((d) => d.title === 'Notitie')).toBe(true);
    expect(detail.client.email).toBe(client.email);
  });

  it('answers 404 for another lawyer, a client, a missing and a malformed case id', async () => {
    const lawyer = await createTestLawyer(ctx);
    const other = await createTestLawyer(ctx);
    const client = await createTestClient(ctx, { lawyerIds: [lawyer.id] });
    expect((await get(`/api/cases/${client.caseId}`, await tokenFor(ctx, other.id))).statusCode).toBe(404);
    expect((await get(`/api/cases/${client.caseId}`, await tokenFor(ctx, client.id))).statusCode).toBe(404);
    expect(
      (await get('/api/cases/00000000-0000-0000-0000-000000000000', await tokenFor(ctx, lawyer.id))).statusCode,
    ).toBe(404);
    expect((await get('/api/cases/not-a-uuid', await tokenFor(ctx, lawyer.id))).statusCode).toBe(404);
    expect((await get('/api/cases/mine', await tokenFor(ctx, lawyer.id))).statusCode).toBe(404);
  });

  it('signs document links that expire in 5 minutes', async () => {
    const client = await createTestClient(ctx);
    const [doc] = await ctx.db.select().from(documents).where(eq(documents.caseId, client.caseId));
    await ctx.db
      .update(documents)
      .set({ storageKey: 'documents/x/y', version: 1, status: 'Uploaded' })
      .where(eq(documents.id, doc!.id));
    const view = CaseClientViewResponseSchema.parse(
      (await get('/api/cases/mine', await tokenFor(ctx, client.id))).json(),
    ).data;
    const uploaded = view.documents.find((d) => d.id === doc!.id);
    expect(uploaded?.temporary_url).toMatch(/^\/files\/documents\/.+signature=/);
    expect(uploaded?.expires_at_unix_time).toBe(Math.floor(ctx.clock.now().getTime() / 1000) + 300);
  });
});
