import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { STATUS_SLUGS } from '../../contract/statuses';
import { bearer, createTestContext, tokenFor, type TestContext } from '../infra/testing/harness';
import { cases, outbox, users } from '../infra/db/schema';
import { DEMO_CLIENT_EMAILS } from './demo-accounts';
import { seedDemo } from './seed-demo';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  // As main.ts does: the demo data first, then the mail worker.
  await ctx.outbox.stop();
  await seedDemo(ctx.db, ctx.storage, ctx.clock.now(), ctx.config.site);
  await ctx.outbox.start();
});
afterAll(async () => {
  await ctx.close();
});

const caseOf = async (email: string) => {
  const [row] = await ctx.db
    .select({ clientId: users.id, caseRow: cases })
    .from(users)
    .innerJoin(cases, eq(cases.clientId, users.id))
    .where(eq(users.email, email));
  if (!row) throw new Error(`no demo case for ${email}`);
  return row;
};

describe('the demo data', () => {
  it('queues no mail: seeding tells nobody anything', async () => {
    expect(await ctx.db.select({ id: outbox.id }).from(outbox)).toEqual([]);
  });

  it('has a client at every phase', async () => {
    const phases = await Promise.all(DEMO_CLIENT_EMAILS.map(async (email) => (await caseOf(email)).caseRow.statusSlug));
    expect(new Set(phases)).toEqual(new Set(STATUS_SLUGS));
  });

  it('gives the case awaiting a signature a real engagement letter, which its client can sign', async () => {
    const emails = await Promise.all(DEMO_CLIENT_EMAILS.map(async (email) => ({ email, ...(await caseOf(email)) })));
    const waiting = emails.find((e) => e.caseRow.statusSlug === 'proposal');
    if (!waiting) throw new Error('no demo case at proposal');
    expect(waiting.caseRow).toMatchObject({
      proposalSentAt: expect.any(Date),
      proposalSha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      minimalAchievement: expect.stringMatching(/^M[123]$/),
    });
    const token = await tokenFor(ctx, waiting.clientId);
    const mine = await ctx.app.inject({ method: 'GET', url: '/api/cases/mine', headers: bearer(token) });
    const letter = (
      mine.json().data.documents as { id: string; title: string; locked: boolean; temporary_url: string | null }[]
    ).find((d) => d.id === waiting.caseRow.proposalDocumentId);
    expect(letter).toMatchObject({ title: 'Opdrachtbevestiging', locked: true, temporary_url: expect.any(String) });
    const pdf = await ctx.app.inject({ method: 'GET', url: letter!.temporary_url! });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const [client] = await ctx.db.select().from(users).where(eq(users.id, waiting.clientId));
    const fullName = [client?.name, client?.infix, client?.lastName].filter(Boolean).join(' ');
    const signed = await ctx.app.inject({
      method: 'POST',
      url: `/api/cases/${waiting.caseRow.id}/proposal/sign`,
      headers: bearer(token),
      payload: { full_name: fullName, agree: true, start_now: true, proposal_sha256: waiting.caseRow.proposalSha256 },
    });
    expect(signed.statusCode).toBe(200);
    expect(signed.json().data.proposal_signed_at).toEqual(expect.any(String));
  });
});
