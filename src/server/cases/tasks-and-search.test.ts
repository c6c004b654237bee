import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CaseListResponseSchema, StatusCountListResponseSchema } from '../../contract/cases';
import type { StatusSlug } from '../../contract/statuses';
import { cases } from '../infra/db/schema';
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

const get = async (url: string, token: string) => {
  const response = await ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as unknown;
};

describe("'Openstaande taken': cases waiting for the engagement letter", () => {
  it("counts the lawyer's cases at 'Offerte gekozen' (no letter sent yet); sending it takes one off", async () => {
    const lawyer = await createTestLawyer(ctx);
    const token = await tokenFor(ctx, lawyer.id);
    const waiting = await createTestClient(ctx, {
      status: 'offer-chosen',
      lawyerIds: [lawyer.id],
      name: 'Kees',
      lastName: 'Klant',
    });
    await createTestClient(ctx, { status: 'offer-chosen', lawyerIds: [lawyer.id] });
    await ctx.db.update(cases).set({ offer: 'start', companyName: 'Bakkerij BV' }).where(eq(cases.id, waiting.caseId));
    const count = async () =>
      StatusCountListResponseSchema.parse(await get('/api/cases/count-by-status', token)).data.find(
        (s) => s.slug === 'offer-chosen',
      )?.cases_count;
    expect(await count()).toBe(2);
    const sent = await ctx.app.inject({
      method: 'POST',
      url: `/api/cases/${waiting.caseId}/proposal`,
      headers: bearer(token),
      payload: { minimal_achievement: 'M1' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await count()).toBe(1);
  });
});

describe('GET /api/cases?q=: a search without a status filter looks in every group', () => {
  it("finds 'Émile' whether the case is active, ready for invoicing or done; a status filter narrows it", async () => {
    const lawyer = await createTestLawyer(ctx);
    const token = await tokenFor(ctx, lawyer.id);
    const statuses: StatusSlug[] = ['check', 'ready-for-invoicing', 'completed'];
    for (const [i, status] of statuses.entries())
      await createTestClient(ctx, { status, lawyerIds: [lawyer.id], name: 'Émile', lastName: `Dubois ${i}` });
    await createTestClient(ctx, { status: 'completed', lawyerIds: [lawyer.id], name: 'Anna', lastName: 'Jansen' });
    const all = CaseListResponseSchema.parse(await get('/api/cases?q=emile', token));
    expect(all.data.map((c) => c.status.slug).sort()).toEqual(['check', 'completed', 'ready-for-invoicing']);
    expect(all.meta.total).toBe(3);
    const active = CaseListResponseSchema.parse(await get('/api/cases?q=emile&statuses=lead,check', token));
    expect(active.data.map((c) => c.status.slug)).toEqual(['check']);
  });
});
