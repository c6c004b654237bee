import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillPlaceholders, sql } from 'drizzle-orm';
import { queryRows } from '../infra/db/sql';
import { createTestClient, createTestContext, type TestContext } from '../infra/testing/harness';
import { auditEvents } from '../infra/db/schema';
import { getTimeline, timelineQueries } from './timeline';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

describe("a case's timeline", () => {
  it("finds the document a client's line is about by its primary key, not by reading every document", async () => {
    const client = await createTestClient(ctx);
    for (const reader of ['page', 'count'] as const) {
      const query = timelineQueries.client(ctx.db)[reader].getQuery();
      const values = fillPlaceholders(query.params, { caseId: client.caseId, limit: 20, offset: 0 });
      const plan = await ctx.db.transaction(async (tx) => {
        // A test database has a handful of rows; forbid scanning them to see which index the plan can use.
        await tx.execute(sql`SET LOCAL enable_seqscan = off`);
        const text = query.sql.replace(/\$(\d+)/g, (_, n: string) => {
          const value = values[Number(n) - 1];
          return typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
        });
        return queryRows<{ 'QUERY PLAN': string }>(tx, sql.raw(`EXPLAIN ${text}`));
      });
      const lines = plan.map((row) => row['QUERY PLAN']).join('\n');
      expect(lines, reader).toContain('documents_pkey');
      expect(lines, reader).not.toMatch(/Seq Scan on documents/);
    }
  });

  it('shows a line whose document subject is not an id instead of failing the timeline', async () => {
    const client = await createTestClient(ctx);
    await ctx.db.insert(auditEvents).values({
      action: 'document.approved',
      subjectType: 'document',
      subjectId: 'not-an-id',
      caseId: client.caseId,
      data: { title: 'Loonstrook' },
      createdAt: ctx.clock.now(),
    });
    const timeline = await getTimeline(ctx.db, { caseId: client.caseId, forClient: true, page: 1, language: 'nl-NL' });
    expect(timeline.total).toBe(1);
    expect(timeline.items.map((item) => item.kind)).toEqual(['document.approved']);
  });
});
