import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CaseClientViewResponseSchema } from '../../contract/cases';
import type { Db } from '../infra/db/client';
import { caseLawyers, cases } from '../infra/db/schema';
import {
  bearer,
  createTestClient,
  createTestContext,
  createTestLawyer,
  tokenFor,
  type TestContext,
} from '../infra/testing/harness';
import { runExclusive } from '../infra/jobs/scheduler';
import { withEvents } from '../domain-events';
import { lawyerAssignmentJob, runAssignmentSweep } from './assignment';

// One database for this file: the least busy lawyer is chosen among all lawyers in it.
let ctx: TestContext;
let busy: { id: string };
let quiet: { id: string };
beforeAll(async () => {
  ctx = await createTestContext();
  busy = await createTestLawyer(ctx, { name: 'Bram', lastName: 'Bezig' });
  quiet = await createTestLawyer(ctx, {
    name: 'Rosa',
    lastName: 'Rustig',
    title: 'Senior jurist',
    phoneNumber: '010-1234567',
  });
  // busy has two active cases; quiet one active and three finished ones (those do not count).
  await createTestClient(ctx, { status: 'check', lawyerIds: [busy.id] });
  await createTestClient(ctx, { status: 'proposal', lawyerIds: [busy.id] });
  await createTestClient(ctx, { status: 'negotiation-phase', lawyerIds: [quiet.id] });
  for (let i = 0; i < 3; i++) await createTestClient(ctx, { status: 'completed', lawyerIds: [quiet.id] });
});
afterAll(async () => {
  await ctx.close();
});

const lawyersOf = async (caseId: string) =>
  (await ctx.db.select().from(caseLawyers).where(eq(caseLawyers.caseId, caseId))).map((r) => r.lawyerId);

describe('lawyer assignment on choosing an offer', () => {
  it('assigns the lawyer with the fewest active cases at once and mails the client in Dutch', async () => {
    const client = await createTestClient(ctx, { status: 'lead', name: 'Eva' });
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/cases/${client.caseId}/offer`,
      headers: bearer(await tokenFor(ctx, client.id)),
      payload: { offer: 'complete' },
    });
    expect(response.statusCode).toBe(200);
    const view = CaseClientViewResponseSchema.parse(response.json()).data;
    expect(view.status.slug).toBe('offer-chosen');
    expect(view.lawyers.map((l) => l.id)).toEqual([quiet.id]);
    const mail = await ctx.smtp.waitForMail(client.email);
    expect(mail.subject).toContain('Je jurist');
    expect(mail.text).toContain('Hallo Eva,');
    expect(mail.text).toContain('Rosa Rustig (Senior jurist) is je jurist');
    expect(mail.text).toContain('Telefoon: 010-1234567');
  });

  it('assigns exactly one lawyer when the same client chooses twice in parallel', async () => {
    const client = await createTestClient(ctx, { status: 'almost-client' });
    const token = await tokenFor(ctx, client.id);
    const responses = await Promise.all(
      ['start', 'complete', 'extreme'].map((offer) =>
        ctx.app.inject({
          method: 'PATCH',
          url: `/api/cases/${client.caseId}/offer`,
          headers: bearer(token),
          payload: { offer },
        }),
      ),
    );
    // Serialised on the case row: each succeeds unless a more extensive package got there first (a client only moves
    // up).
    expect(responses.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    expect(responses[2]?.statusCode).toBe(200);
    expect(await lawyersOf(client.caseId)).toHaveLength(1);
  });

  it('lets the periodic sweep assign a lawyer to a case still without one, leaving assigned cases alone', async () => {
    const waiting = await createTestClient(ctx, { status: 'offer-chosen' });
    const early = await createTestClient(ctx, { status: 'almost-client' });
    const assigned = await runSweep();
    expect(assigned).toBeGreaterThanOrEqual(1);
    expect(await lawyersOf(waiting.caseId)).toHaveLength(1);
    expect(await lawyersOf(early.caseId)).toHaveLength(0);
    expect(await runSweep()).toBe(0);
    await ctx.smtp.waitForMail(waiting.email);
    const [row] = await ctx.db.select().from(cases).where(eq(cases.id, waiting.caseId));
    expect(row?.statusSlug).toBe('offer-chosen');
  });

  it('runs as a scheduler job under its advisory lock', async () => {
    const waiting = await createTestClient(ctx, { status: 'incomplete-case-file' });
    const job = lawyerAssignmentJob(() => ctx.clock.now());
    expect(await runExclusive(ctx.db as Db, job, withEvents)).toBe(true);
    expect(await lawyersOf(waiting.caseId)).toHaveLength(1);
    await ctx.smtp.waitForMail(waiting.email);
  });
});

function runSweep() {
  return runAssignmentSweep(ctx.db as Db, ctx.clock.now());
}
