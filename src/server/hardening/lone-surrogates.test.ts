import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ZodTypeAny } from 'zod';
import {
  bearer,
  createTestAdmin,
  createTestClient,
  createTestContext,
  createTestLawyer,
  tokenFor,
  type TestContext,
} from '../infra/testing/harness';
import { auditEvents, cases, users } from '../infra/db/schema';
import { hasLoneSurrogate } from '../../contract/text';

/**
 * A lone UTF-16 surrogate (`"\ud800"` in JSON, half of a pair) is no character: PostgreSQL
 * refuses it in jsonb (22P02, a 500 from the audit line) and stores U+FFFD in text. Every
 * string of a request body is built on `text()`, which refuses it with 422.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const LONE = 'x\uD800';

describe('a lone surrogate in a JSON body', () => {
  it('is refused with 422 on the legal hold reason, and the case and audit trail stay as they were', async () => {
    const admin = await createTestAdmin(ctx);
    const client = await createTestClient(ctx);
    const payload = '{"legal_hold":true,"reason":"x\\ud800"}';
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/cases/${client.caseId}/legal-hold`,
      headers: { ...bearer(admin.token), 'content-type': 'application/json' },
      payload,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.reason).toEqual(['Deze tekst bevat een ongeldig teken.']);
    const [row] = await ctx.db.select({ legalHold: cases.legalHold }).from(cases).where(eq(cases.id, client.caseId));
    expect(row?.legalHold).toBe(false);
    // Only the line the fixture wrote when it created the case.
    const audit = await ctx.db.select().from(auditEvents).where(eq(auditEvents.subjectId, client.caseId));
    expect(audit.filter((a) => a.action !== 'case.created')).toHaveLength(0);
  });

  it('answers in English for an English reader', async () => {
    const admin = await createTestAdmin(ctx);
    const client = await createTestClient(ctx);
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/cases/${client.caseId}/legal-hold`,
      headers: { ...bearer(admin.token), 'accept-language': 'en-US' },
      payload: { legal_hold: true, reason: LONE },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.reason).toEqual(['This text contains an invalid character.']);
  });

  it('is refused on a text field instead of being stored as U+FFFD', async () => {
    const client = await createTestClient(ctx, { city: 'Utrecht' });
    const token = await tokenFor(ctx, client.id);
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/user',
      headers: bearer(token),
      payload: { city: 'Utr\uDC00echt' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.city).toEqual(['Deze tekst bevat een ongeldig teken.']);
    const [row] = await ctx.db.select({ city: users.city }).from(users).where(eq(users.id, client.id));
    expect(row?.city).toBe('Utrecht');
  });

  it('is refused in a chat message, a cookie value and an unsubscribe token', async () => {
    const lawyer = await createTestLawyer(ctx);
    const client = await createTestClient(ctx, { lawyerIds: [lawyer.id] });
    const token = await tokenFor(ctx, client.id);
    for (const [url, payload] of [
      [`/api/cases/${client.caseId}/messages`, { text: `hallo ${LONE}` }],
      ['/api/cookies', { name: 'gclid', value: LONE }],
      ['/api/mail/unsubscribe', { token: LONE }],
    ] as const) {
      const response = await ctx.app.inject({ method: 'POST', url, headers: bearer(token), payload });
      expect(response.statusCode, url).toBe(422);
    }
  });

  it('lets a surrogate pair (an emoji) through', async () => {
    const client = await createTestClient(ctx);
    const token = await tokenFor(ctx, client.id);
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/user',
      headers: bearer(token),
      payload: { city: 'Utrecht 😀' },
    });
    expect(response.statusCode).toBe(200);
    const [row] = await ctx.db.select({ city: users.city }).from(users).where(eq(users.id, client.id));
    expect(row?.city).toBe('Utrecht 😀');
    expect(hasLoneSurrogate('😀')).toBe(false);
  });
});

type Def = { typeName?: string; checks?: { kind: string; regex?: RegExp }[]; [key: string]: unknown };
const isZod = (value: unknown): value is ZodTypeAny =>
  typeof value === 'object' && value !== null && '_def' in value && 'safeParse' in value;

/** Every ZodString inside a schema, with its path. */
function* strings(schema: ZodTypeAny, path: string, seen = new Set<unknown>()): Generator<[string, ZodTypeAny]> {
  if (seen.has(schema)) return;
  seen.add(schema);
  const def = schema._def as Def;
  if (def.typeName === 'ZodString') {
    yield [path, schema];
    return;
  }
  if (def.typeName === 'ZodObject') {
    for (const [key, value] of Object.entries((def.shape as () => Record<string, ZodTypeAny>)()))
      yield* strings(value, `${path}.${key}`, seen);
  }
  if (def.typeName === 'ZodLazy') yield* strings((def.getter as () => ZodTypeAny)(), path, seen);
  if (def.typeName === 'ZodObject' && isZod(def.catchall) && (def.catchall._def as Def).typeName !== 'ZodNever')
    yield* strings(def.catchall, `${path}.*`, seen);
  // A pipeline's `out` only sees what its `in` (built on text()) let through.
  for (const key of ['innerType', 'schema', 'type', 'in', 'left', 'right', 'keyType', 'valueType']) {
    if (isZod(def[key])) yield* strings(def[key], `${path}${key === 'keyType' ? '[key]' : ''}`, seen);
  }
  const options =
    def.options instanceof Map ? [...def.options.values()] : Array.isArray(def.options) ? def.options : [];
  for (const option of options) if (isZod(option)) yield* strings(option, path, seen);
  if (Array.isArray(def.items)) for (const item of def.items) if (isZod(item)) yield* strings(item, path, seen);
}

// Only JSON bodies can carry a lone surrogate (the `\ud800` escape): a path or query string is
// percent-decoded UTF-8, where those bytes are malformed and never decode to one.
describe('every string of every request body schema', () => {
  it('refuses a lone surrogate (built on text(), or a uuid)', () => {
    const open: string[] = [];
    let count = 0;
    for (const route of ctx.app.routeList) {
      for (const part of ['body'] as const) {
        const schema = route.schema?.[part];
        if (!isZod(schema)) continue;
        for (const [path, node] of strings(schema, part)) {
          count++;
          const checks = (node._def as Def).checks ?? [];
          const guarded = checks.some(
            (c) =>
              c.kind === 'uuid' ||
              (c.kind === 'regex' && c.regex !== undefined && c.regex.flags.includes('u') && !c.regex.test('\uD800')),
          );
          if (!guarded) open.push(`${route.method} ${route.url} ${path}`);
        }
      }
    }
    expect(count).toBeGreaterThan(40);
    expect(open).toEqual([]);
  });
});
