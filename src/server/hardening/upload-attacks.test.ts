import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import {
  bearer,
  createTestClient,
  createTestContext,
  createTestLawyer,
  tokenFor,
  type TestContext,
} from '../infra/testing/harness';
import { multipart } from '../infra/testing/multipart';
import { documents } from '../infra/db/schema';

/**
 * The upload routes attacked as the audit did: other people's ids, NUL bytes in
 * every multipart field, and many parallel uploads. Nothing may be stored, no temporary file
 * may stay behind, no upload slot may leak, and no answer may be a 5xx.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ uploadsPerUser: 5, uploadsPerInstance: 50, logLevel: 'warn' });
});
afterAll(async () => {
  await ctx.close();
});

const files = (dir: string): string[] => {
  try {
    return readdirSync(path.join(ctx.config.dataDir, 'files', dir), { recursive: true }).map(String);
  } catch {
    return [];
  }
};

function upload(
  token: string,
  url: string,
  fields: Record<string, string>,
  filename = 'a.pdf',
  data: string | Buffer = '%PDF-1.4 inhoud',
) {
  const body = multipart(fields, [{ filename, data }]);
  return ctx.app.inject({ method: 'POST', url, headers: { ...bearer(token), ...body.headers }, payload: body.payload });
}

async function victimAndAttacker() {
  const lawyer = await createTestLawyer(ctx);
  const victim = await createTestClient(ctx, { lawyerIds: [lawyer.id] });
  const attacker = await createTestClient(ctx);
  const [victimToken, attackerToken, otherLawyerToken] = await Promise.all([
    tokenFor(ctx, victim.id),
    tokenFor(ctx, attacker.id),
    tokenFor(ctx, (await createTestLawyer(ctx)).id),
  ]);
  const first = await upload(victimToken, `/api/cases/${victim.caseId}/documents`, { title: 'Eigen stuk' });
  expect(first.statusCode).toBe(201);
  return { victim, attacker, victimToken, attackerToken, otherLawyerToken, documentId: first.json().data.id as string };
}

describe('uploads to other people’s ids', () => {
  it('answers 404 to a foreign case or document, stores nothing, leaves no temp file and frees the slot', async () => {
    const s = await victimAndAttacker();
    const before = files(`documents/${s.victim.caseId}`);
    const attempts = [
      [s.attackerToken, `/api/cases/${s.victim.caseId}/documents`, { title: 'Van de aanvaller' }],
      [s.attackerToken, `/api/documents/${s.documentId}/upload`, {}],
      [s.attackerToken, `/api/cases/${s.victim.caseId}/messages`, { text: 'hallo' }],
      [s.otherLawyerToken, `/api/cases/${s.victim.caseId}/documents`, { title: 'Van een andere advocaat' }],
      [s.otherLawyerToken, `/api/documents/${s.documentId}/upload`, {}],
    ] as const;
    for (const [token, url, fields] of attempts) {
      const response = await upload(token, url, fields);
      expect(response.statusCode, url).toBe(404);
    }
    expect(files(`documents/${s.victim.caseId}`)).toEqual(before);
    expect(files('.tmp')).toEqual([]);
    const titles = (await ctx.db.select().from(documents).where(eq(documents.caseId, s.victim.caseId))).map(
      (d) => d.title,
    );
    expect(titles.filter((t) => t.startsWith('Van '))).toEqual([]);
    expect(ctx.app.uploadSlots.inUse()).toBe(0);
  });

  it('answers 404 for ids that are not ids at all, with NUL and unicode, never a 5xx', async () => {
    const s = await victimAndAttacker();
    for (const id of [
      '%00',
      'abc%00def',
      '..%2F..%2Fetc',
      '%E2%80%AE',
      'x'.repeat(64),
      '00000000-0000-0000-0000-000000000000',
    ]) {
      for (const url of [`/api/cases/${id}/documents`, `/api/documents/${id}/upload`]) {
        const response = await upload(s.attackerToken, url, { title: 'x' });
        expect(response.statusCode, url).toBeLessThan(500);
        expect([404, 422], url).toContain(response.statusCode);
      }
    }
    expect(files('.tmp')).toEqual([]);
    expect(ctx.app.uploadSlots.inUse()).toBe(0);
  });
});

describe('NUL bytes in multipart fields', () => {
  it('refuses a NUL in the title or message with 422, storing nothing; a NUL in a file name is removed', async () => {
    const s = await victimAndAttacker();
    const url = `/api/cases/${s.victim.caseId}/documents`;
    const before = files(`documents/${s.victim.caseId}`);
    for (const title of ['a\u0000b', '\u0000', 'x\u0007y']) {
      const response = await upload(s.victimToken, url, { title });
      expect(response.statusCode, JSON.stringify(title)).toBe(422);
    }
    const message = await upload(s.victimToken, `/api/cases/${s.victim.caseId}/messages`, { text: 'hoi\u0000' });
    expect(message.statusCode).toBe(422);
    expect(files(`documents/${s.victim.caseId}`)).toEqual(before);

    const named = await upload(s.victimToken, url, { title: 'Naam' }, 'brief\u0000\u001b.pdf');
    expect(named.statusCode).toBe(201);
    expect([...(named.json().data.filename as string)].some((c) => c.charCodeAt(0) < 0x20)).toBe(false);
    expect(files('.tmp')).toEqual([]);
    expect(ctx.app.uploadSlots.inUse()).toBe(0);
  });
});

describe('parallel uploads', () => {
  it('stores (201) or refuses (429) each of 20 parallel uploads of a user, never 409/5xx; slots return', async () => {
    const s = await victimAndAttacker();
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        upload(
          s.victimToken,
          `/api/cases/${s.victim.caseId}/documents`,
          { title: `Parallel ${i}` },
          `p${i}.pdf`,
          `%PDF-1.4 ${'x'.repeat(200_000)}`,
        ),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    // 409 here was a deadlock on PostgreSQL between parallel uploads to one case (documents/queries.ts).
    expect(
      statuses.every((code) => code === 201 || code === 429),
      statuses.join(','),
    ).toBe(true);
    expect(statuses).toContain(429);
    const stored = (await ctx.db.select().from(documents).where(eq(documents.caseId, s.victim.caseId))).filter((d) =>
      d.title.startsWith('Parallel '),
    );
    expect(stored.length).toBe(statuses.filter((code) => code === 201).length);
    expect(stored.length).toBeGreaterThanOrEqual(1);
    expect(ctx.app.uploadSlots.inUse()).toBe(0);
    expect(files('.tmp')).toEqual([]);
    // Every stored document has its own file.
    expect(files(`documents/${s.victim.caseId}`).length).toBe(stored.length + 1);
  });
});
