import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, or } from 'drizzle-orm';
import {
  bearer,
  createTestClient,
  createTestContext,
  createTestLawyer,
  tokenFor,
  type TestContext,
} from '../infra/testing/harness';
import { multipart } from '../infra/testing/multipart';
import { auditEvents, cases } from '../infra/db/schema';
import { emit } from '../domain-events';
import { destroyExpiredFiles } from '../archive/retention';
import { getFileDestructionDate } from '../../contract/rules/case-route';

/**
 * Privacy gap of: the retention purge deleted the case but its audit lines kept the
 * document titles and rejection messages. Lines are made through the real routes here.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ logLevel: 'silent' });
});
afterAll(async () => {
  await ctx.close();
});

const DAY = 86_400_000;

/** A case with a document titled after the client, rejected with a personal message, and a hidden/shown step. */
async function caseWithHistory(name: string) {
  const lawyer = await createTestLawyer(ctx);
  const client = await createTestClient(ctx, { lawyerIds: [lawyer.id] });
  const clientToken = await tokenFor(ctx, client.id);
  const lawyerToken = await tokenFor(ctx, lawyer.id);
  const title = `Ontslagbrief van ${name}`;
  const message = `${name}, op pagina 2 staat je BSN 123456782 nog leesbaar`;
  const body = multipart({ title }, [{ filename: `${name}.pdf`, data: '%PDF-1.4 brief' }]);
  const upload = await ctx.app.inject({
    method: 'POST',
    url: `/api/cases/${client.caseId}/documents`,
    headers: { ...bearer(clientToken), ...body.headers },
    payload: body.payload,
  });
  expect(upload.statusCode).toBe(201);
  const documentId = upload.json().data.id as string;
  const review = await ctx.app.inject({
    method: 'POST',
    url: `/api/documents/${documentId}/review`,
    headers: bearer(lawyerToken),
    payload: { status: 'Rejected', message },
  });
  expect(review.statusCode).toBe(200);
  for (const visible of [false, true]) {
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/documents/${documentId}/set-visibility`,
      headers: bearer(lawyerToken),
      payload: { visible },
    });
    expect(response.statusCode).toBe(200);
  }
  // Free-text fields other routes write (legal-hold reason, minimal achievement), and one nobody has listed yet.
  await emit(ctx.db, {
    actorId: lawyer.id,
    action: 'case.legal_hold_changed',
    subjectType: 'case',
    subjectId: client.caseId,
    data: {
      legal_hold: false,
      reason: `procedure ${name} afgerond`,
      minimal_achievement: `${name} wil 3 maandsalarissen`,
      someday_new_field: name,
    },
    at: ctx.clock.now(),
  });
  return { ...client, lawyer, documentId, title, message, name };
}

const linesOf = (caseId: string, documentId: string) =>
  ctx.db
    .select()
    .from(auditEvents)
    .where(
      or(eq(auditEvents.caseId, caseId), eq(auditEvents.subjectId, caseId), eq(auditEvents.subjectId, documentId)),
    );

describe('retention purge and the audit log', () => {
  it('removes titles, messages and personal data from the audit of a purged case, keeping its skeleton', async () => {
    const purged = await caseWithHistory('Jan Jansen');
    const kept = await caseWithHistory('Piet Pietersen');
    const before = await linesOf(purged.caseId, purged.documentId);
    expect(JSON.stringify(before)).toContain(purged.title);
    expect(JSON.stringify(before)).toContain(purged.message);

    await ctx.db
      .update(cases)
      .set({ statusSlug: 'completed', completedAt: new Date(ctx.clock.now().getTime() - 200 * DAY) })
      .where(eq(cases.id, purged.caseId));
    // The file is destroyed (the account went first, archived, at the same run).
    expect(
      await destroyExpiredFiles(
        ctx.db,
        ctx.storage,
        getFileDestructionDate(new Date(ctx.clock.now().getTime() - 190 * 86_400_000)),
        5,
        1_000,
      ),
    ).toBe(1);

    const after = await linesOf(purged.caseId, purged.documentId);
    // Every line is still there (plus the retention's own two), with who, what and when.
    expect(after.length).toBe(before.length + 2);
    expect(after.map((l) => l.action).sort()).toEqual(
      [...before.map((l) => l.action), 'retention.account_deleted', 'retention.file_destroyed'].sort(),
    );
    const everything = JSON.stringify(after);
    for (const secret of ['Jan', 'Jansen', '123456782', 'maandsalarissen', 'afgerond'])
      expect(everything).not.toContain(secret);
    for (const line of after.filter((l) => !l.action.startsWith('retention.'))) {
      expect(line.data.personal_data_removed, line.action).toBe(true);
    }
    const rejected = after.find((l) => l.action === 'document.rejected')!;
    expect(rejected.data).toMatchObject({ document_id: purged.documentId, version: 1, mandatory: false });
    expect(rejected.data).not.toHaveProperty('title');
    expect(rejected.data).not.toHaveProperty('message');
    const hold = after.find((l) => l.action === 'case.legal_hold_changed')!;
    expect(hold.data).toEqual({ legal_hold: false, personal_data_removed: true });

    // The other case's lines are untouched.
    const other = JSON.stringify(await linesOf(kept.caseId, kept.documentId));
    expect(other).toContain(kept.title);
    expect(other).toContain(kept.message);
    expect(other).not.toContain('personal_data_removed');
  });
});
