import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { StatusSlug } from '../../contract/statuses';
import { CaseListResponseSchema } from '../../contract/cases';
import { documents } from '../infra/db/schema';
import {
  bearer,
  createTestAdmin,
  createTestClient,
  createTestContext,
  createTestLawyer,
  tokenFor,
  type TestContext,
} from '../infra/testing/harness';

let ctx: TestContext;
let admin: { id: string; token: string };
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createTestAdmin(ctx);
});
afterAll(async () => {
  await ctx.close();
});

/** A case of `status` with two uploaded mandatory documents, handed by the admin from one lawyer to another. */
async function handOver(status: StatusSlug) {
  const before = await createTestLawyer(ctx);
  const after = await createTestLawyer(ctx);
  const client = await createTestClient(ctx, { status, lawyerIds: [before.id] });
  const slots = await ctx.db
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.caseId, client.caseId), eq(documents.mandatory, true)));
  for (const slot of slots.slice(0, 2)) {
    await ctx.db
      .update(documents)
      .set({ status: 'Approved', uploadedAt: new Date(ctx.clock.now().getTime() - 86_400_000), filename: 'stuk.pdf' })
      .where(eq(documents.id, slot.id));
  }
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/admin/cases/${client.caseId}/assign`,
    headers: bearer(admin.token),
    payload: { lawyer_id: after.id },
  });
  expect(response.statusCode, response.body).toBe(200);
  const list = await ctx.app.inject({
    method: 'GET',
    url: '/api/cases',
    headers: bearer(await tokenFor(ctx, after.id)),
  });
  const item = CaseListResponseSchema.parse(list.json()).data.find((c) => c.id === client.caseId);
  const detail = await ctx.app.inject({
    method: 'GET',
    url: `/api/cases/${client.caseId}`,
    headers: bearer(await tokenFor(ctx, after.id)),
  });
  return {
    listed: item?.pending_documents,
    detail: (detail.json() as { data: { pending_documents: number } }).data.pending_documents,
  };
}

describe('a case handed to another lawyer', () => {
  it('does not count the documents of a completed case as new for the new lawyer', async () => {
    expect(await handOver('completed')).toEqual({ listed: 0, detail: 0 });
    expect(await handOver('ready-for-invoicing')).toEqual({ listed: 0, detail: 0 });
  });

  it('keeps the documents of an active case new for the lawyer who takes it over', async () => {
    expect(await handOver('check')).toEqual({ listed: 2, detail: 2 });
  });
});
