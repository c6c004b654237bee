import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CaseListResponseSchema, StatusCountListResponseSchema } from '../../contract/cases';
import { caseStandIns, users } from '../infra/db/schema';
import { localDate } from '../infra/lib/local-date';
import {
  bearer,
  createTestAdmin,
  createTestClient,
  createTestContext,
  createTestLawyer,
  tokenFor,
  type TestContext,
} from '../infra/testing/harness';

const DAY = 86_400_000;

let ctx: TestContext;
let admin: { id: string };
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createTestAdmin(ctx);
});
afterAll(async () => {
  await ctx.close();
});

/** A GET as the user, signed in afresh (the fake clock moves by days, past a session's life). */
const get = async (url: string, userId: string) => {
  const response = await ctx.app.inject({ method: 'GET', url, headers: bearer(await tokenFor(ctx, userId)) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as unknown;
};
const list = async (userId: string, query = '') =>
  CaseListResponseSchema.parse(await get(`/api/cases${query ? `?${query}` : ''}`, userId));
/** The list as names with their mark, in order. */
const shown = async (userId: string, query = '') =>
  (await list(userId, query)).data.map((c) => [c.client_name, c.stand_in_for]);
const count = async (userId: string, slug: string) =>
  StatusCountListResponseSchema.parse(await get('/api/cases/count-by-status', userId)).data.find((s) => s.slug === slug)
    ?.cases_count;
const day = (offset: number) => localDate(new Date(ctx.clock.now().getTime() + offset * DAY));

describe("a stand-in's own case list: the cases they cover, marked 'Waarneming voor …', during its dates only", () => {
  it('lists, finds and counts a covered case from its first day to its last; a new day needs no write', async () => {
    const lawyer = await createTestLawyer(ctx, { name: 'Vera', infix: 'van', lastName: 'Vast' });
    const standIn = await createTestLawyer(ctx, { name: 'Wim', lastName: 'Waarnemer' });
    await createTestClient(ctx, { status: 'check', lawyerIds: [standIn.id], name: 'Anna', lastName: 'Eigen' });
    const covered = await createTestClient(ctx, {
      status: 'offer-chosen',
      lawyerIds: [lawyer.id],
      name: 'Bram',
      lastName: 'Gedekt',
    });
    const added = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/cases/${covered.caseId}/stand-ins`,
      headers: bearer(await tokenFor(ctx, admin.id)),
      payload: { lawyer_id: standIn.id, from: day(1), until: day(2) },
    });
    expect(added.statusCode, added.body).toBe(201);

    // Before its first day: only their own case, asked twice.
    for (let i = 0; i < 2; i++) expect(await shown(standIn.id)).toEqual([['Anna Eigen', null]]);
    expect(await count(standIn.id, 'offer-chosen')).toBe(0);
    await expect(
      ctx.app.inject({
        method: 'GET',
        url: `/api/cases/${covered.caseId}`,
        headers: bearer(await tokenFor(ctx, standIn.id)),
      }),
    ).resolves.toMatchObject({ statusCode: 404 });

    // The first day begins: nothing was written, the list shows it.
    ctx.clock.advance(DAY);
    const first = await list(standIn.id);
    expect(first.data.map((c) => [c.client_name, c.stand_in_for])).toEqual([
      ['Anna Eigen', null],
      ['Bram Gedekt', 'Vera van Vast'],
    ]);
    expect(first.meta.total).toBe(2);
    expect(first.data[1]?.status.slug).toBe('offer-chosen');
    expect(await shown(standIn.id, 'q=gedekt')).toEqual([['Bram Gedekt', 'Vera van Vast']]);
    expect(await shown(standIn.id, 'statuses=offer-chosen')).toEqual([['Bram Gedekt', 'Vera van Vast']]);
    expect((await list(standIn.id, 'statuses=check')).meta.total).toBe(1);
    expect(await count(standIn.id, 'offer-chosen')).toBe(1);
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/cases/${covered.caseId}`,
          headers: bearer(await tokenFor(ctx, standIn.id)),
        })
      ).statusCode,
    ).toBe(200);
    // The lawyer whose case it is sees it as their own, unmarked.
    expect(await shown(lawyer.id)).toEqual([['Bram Gedekt', null]]);

    // The last day still shows it; the day after, it is gone.
    ctx.clock.advance(DAY);
    expect(await shown(standIn.id)).toEqual([
      ['Anna Eigen', null],
      ['Bram Gedekt', 'Vera van Vast'],
    ]);
    ctx.clock.advance(DAY);
    expect(await shown(standIn.id)).toEqual([['Anna Eigen', null]]);
    expect((await list(standIn.id)).meta.total).toBe(1);
    expect(await count(standIn.id, 'offer-chosen')).toBe(0);
  });

  it('follows an ended stand-in and a renamed lawyer in the very next list', async () => {
    const lawyer = await createTestLawyer(ctx, { name: 'Koen', lastName: 'Kast' });
    const standIn = await createTestLawyer(ctx, { name: 'Lotte', lastName: 'Loper' });
    const covered = await createTestClient(ctx, {
      status: 'check',
      lawyerIds: [lawyer.id],
      name: 'Cor',
      lastName: 'Dek',
    });
    const added = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/cases/${covered.caseId}/stand-ins`,
      headers: bearer(await tokenFor(ctx, admin.id)),
      payload: { lawyer_id: standIn.id, from: day(0), until: day(30) },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(await shown(standIn.id)).toEqual([['Cor Dek', 'Koen Kast']]);

    await ctx.db.update(users).set({ lastName: 'Kastelein' }).where(eq(users.id, lawyer.id));
    expect(await shown(standIn.id)).toEqual([['Cor Dek', 'Koen Kastelein']]);

    await ctx.db
      .update(caseStandIns)
      .set({ untilDate: day(-1) })
      .where(eq(caseStandIns.caseId, covered.caseId));
    expect(await shown(standIn.id)).toEqual([]);
    expect((await list(standIn.id)).meta.total).toBe(0);
  });

  it('shows a case once, unmarked, to a lawyer who is assigned and also stands in on it', async () => {
    const lawyer = await createTestLawyer(ctx);
    const both = await createTestLawyer(ctx);
    const shared = await createTestClient(ctx, {
      status: 'check',
      lawyerIds: [lawyer.id, both.id],
      name: 'Dirk',
      lastName: 'Dubbel',
    });
    await ctx.db.insert(caseStandIns).values({
      caseId: shared.caseId,
      lawyerId: both.id,
      fromDate: day(0),
      untilDate: day(3),
      createdAt: ctx.clock.now(),
    });
    expect(await shown(both.id)).toEqual([['Dirk Dubbel', null]]);
    expect((await list(both.id)).meta.total).toBe(1);
    expect(await count(both.id, 'check')).toBe(1);
  });
});
