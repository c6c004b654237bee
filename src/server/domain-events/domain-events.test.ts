import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AUDIT_ACTIONS } from '../../contract/admin';
import { CLIENT_TIMELINE_KINDS, TIMELINE_KINDS } from '../../contract/workflow';
import { auditEvents, caseLawyers, outbox } from '../infra/db/schema';
import type { PublishInput } from '../infra/events/bus';
import type { StreamConnection } from '../infra/events/hub';
import { runExclusive } from '../infra/jobs/scheduler';
import { runAssignmentSweep } from '../offers/assignment';
import {
  bearer,
  createTestAdmin,
  createTestClient,
  createTestContext,
  createTestLawyer,
  type TestContext,
} from '../infra/testing/harness';
import { emit, withEvents } from './dispatch';
import { EVENT_KINDS, EVENT_RULES, timelineKinds } from './rules';

describe('the rules table', () => {
  it('decides the audit line, the mails, the live events and the timeline of every event kind', () => {
    const undecided = EVENT_KINDS.flatMap((kind) => {
      const rule = EVENT_RULES[kind] as Partial<Record<'audit' | 'mail' | 'live' | 'timeline', unknown>>;
      const missing: string[] = [];
      if (rule.audit !== 'line' && rule.audit !== 'none') missing.push('audit');
      if (rule.mail !== 'none' && typeof rule.mail !== 'function') missing.push('mail');
      if (rule.live !== 'none' && typeof rule.live !== 'function') missing.push('live');
      if (!['client and lawyer', 'lawyer', 'none'].includes(String(rule.timeline))) missing.push('timeline');
      return missing.map((column) => `${kind}: ${column}`);
    });
    expect(undecided).toEqual([]);
    expect(EVENT_KINDS.length).toBeGreaterThan(40);
  });

  it("writes an audit line for every action the admin's audit page lists, and none for a kind it does not", () => {
    for (const action of AUDIT_ACTIONS) expect(EVENT_RULES[action]?.audit, action).toBe('line');
    const unaudited = EVENT_KINDS.filter((kind) => EVENT_RULES[kind].audit === 'none');
    expect(unaudited.filter((kind) => (AUDIT_ACTIONS as readonly string[]).includes(kind))).toEqual([]);
    // The timeline reads the audit trail: a kind on it must be audited.
    expect(unaudited.filter((kind) => EVENT_RULES[kind].timeline !== 'none')).toEqual([]);
  });

  it('puts on the timeline exactly the kinds the contract (and so the web app) knows, to the same readers', () => {
    expect([...timelineKinds(false)].sort()).toEqual([...TIMELINE_KINDS].sort());
    expect([...timelineKinds(true)].sort()).toEqual([...CLIENT_TIMELINE_KINDS].sort());
  });
});

describe('emit', () => {
  let ctx: TestContext;
  /** What one user's open screens received (a stream of this instance). */
  const listen = (userId: string) => {
    const received: string[] = [];
    const connection: StreamConnection = {
      userId,
      tokenId: `test-${userId}`,
      send: (chunk) => received.push(chunk),
      end: () => undefined,
    };
    ctx.app.events.hub.add(connection);
    return received;
  };
  const events = (received: string[], type: string) => received.filter((frame) => frame.includes(`\nevent: ${type}\n`));

  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('writes the audit line and mails in the transaction, publishing the live event only after commit', async () => {
    const lawyer = await createTestLawyer(ctx);
    const client = await createTestClient(ctx, { status: 'reviewing-documents', lawyerIds: [lawyer.id] });
    const toClient = listen(client.id);
    const toLawyer = listen(lawyer.id);
    const at = ctx.clock.now();
    await withEvents(ctx.db, async (tx) => {
      await emit(tx, {
        actorId: lawyer.id,
        action: 'case.status_changed',
        subjectType: 'case',
        subjectId: client.caseId,
        data: { from: 'reviewing-documents', to: 'negotiation-phase' },
        at,
      });
      // Twice in one transaction: the screens hear of the case once.
      await emit(tx, {
        actorId: lawyer.id,
        action: 'case.legal_hold_changed',
        subjectType: 'case',
        subjectId: client.caseId,
        data: { legal_hold: false },
        at,
      });
      expect(events(toClient, 'case_changed')).toHaveLength(0);
    });
    expect(events(toClient, 'case_changed')).toHaveLength(1);
    expect(events(toLawyer, 'case_changed')).toHaveLength(1);
    const lines = await ctx.db.select().from(auditEvents).where(eq(auditEvents.caseId, client.caseId));
    expect(lines.map((l) => l.action).sort()).toEqual([
      'case.created',
      'case.legal_hold_changed',
      'case.status_changed',
    ]);
    const mails = await ctx.db.select().from(outbox).where(eq(outbox.kind, 'phase_changed'));
    expect(mails.some((m) => (m.payload as { case_id?: string }).case_id === client.caseId)).toBe(true);
  });

  it('leaves nothing behind and publishes nothing when the transaction rolls back', async () => {
    const lawyer = await createTestLawyer(ctx);
    const client = await createTestClient(ctx, { status: 'reviewing-documents', lawyerIds: [lawyer.id] });
    const toClient = listen(client.id);
    await expect(
      withEvents(ctx.db, async (tx) => {
        await emit(tx, {
          actorId: lawyer.id,
          action: 'case.status_changed',
          subjectType: 'case',
          subjectId: client.caseId,
          data: { from: 'reviewing-documents', to: 'check' },
          at: ctx.clock.now(),
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const lines = await ctx.db.select().from(auditEvents).where(eq(auditEvents.caseId, client.caseId));
    expect(lines.map((l) => l.action)).toEqual(['case.created']);
    const mails = await ctx.db.select().from(outbox).where(eq(outbox.kind, 'phase_changed'));
    expect(mails.filter((m) => (m.payload as { case_id?: string }).case_id === client.caseId)).toEqual([]);
    expect(toClient).toEqual([]);
  });

  it('keeps the events of a nested transaction that rolled back out, and those of one that succeeded in', async () => {
    const client = await createTestClient(ctx, { status: 'lead' });
    const other = await createTestClient(ctx, { status: 'lead' });
    const toClient = listen(client.id);
    const toOther = listen(other.id);
    await withEvents(ctx.db, async (tx) => {
      await withEvents(tx, async (inner) =>
        emit(inner, {
          actorId: client.id,
          action: 'case.company_updated',
          subjectType: 'case',
          subjectId: client.caseId,
          at: ctx.clock.now(),
        }),
      );
      await withEvents(tx, async (inner) => {
        await emit(inner, {
          actorId: other.id,
          action: 'case.company_updated',
          subjectType: 'case',
          subjectId: other.caseId,
          at: ctx.clock.now(),
        });
        throw new Error('savepoint rolled back');
      }).catch(() => undefined);
    });
    expect(events(toClient, 'case_changed')).toHaveLength(1);
    expect(toOther).toEqual([]);
  });

  it('refuses an emit in a transaction not opened with withEvents (it would publish before commit)', async () => {
    const client = await createTestClient(ctx, { status: 'lead' });
    await expect(
      ctx.db.transaction(async (tx) =>
        emit(tx, {
          actorId: client.id,
          action: 'case.company_updated',
          subjectType: 'case',
          subjectId: client.caseId,
          at: ctx.clock.now(),
        }),
      ),
    ).rejects.toThrow(/withEvents/);
  });

  it("publishes from a background job: the assignment sweep tells the client's and new lawyer's screens", async () => {
    await createTestLawyer(ctx);
    const client = await createTestClient(ctx, { status: 'offer-chosen' });
    const published: PublishInput[] = [];
    const publish = ctx.app.events.publish;
    ctx.app.events.publish = async (input) => {
      published.push(input as PublishInput);
      await publish(input);
    };
    try {
      await runExclusive(ctx.db, { lockKey: 99_001, run: (tx) => runAssignmentSweep(tx, ctx.clock.now()) }, withEvents);
    } finally {
      ctx.app.events.publish = publish;
    }
    const [assigned] = await ctx.db.select().from(caseLawyers).where(eq(caseLawyers.caseId, client.caseId));
    expect(assigned).toBeDefined();
    const told = published.filter(
      (e) => e.type === 'case_changed' && (e.data as { case_id: string }).case_id === client.caseId,
    );
    expect(told).toHaveLength(1);
    expect(told[0]!.userIds).toEqual(expect.arrayContaining([client.id, assigned!.lawyerId]));
  });

  it("publishes from an admin's action: a legal hold refreshes the open screens of the case", async () => {
    const lawyer = await createTestLawyer(ctx);
    const client = await createTestClient(ctx, { status: 'reviewing-documents', lawyerIds: [lawyer.id] });
    const admin = await createTestAdmin(ctx);
    const toLawyer = listen(lawyer.id);
    const toClient = listen(client.id);
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/cases/${client.caseId}/legal-hold`,
      headers: bearer(admin.token),
      payload: { legal_hold: true, reason: 'procedure' },
    });
    expect(response.statusCode).toBe(200);
    expect(events(toLawyer, 'case_changed')).toHaveLength(1);
    expect(events(toClient, 'case_changed')).toHaveLength(1);
  });
});
