import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { cookieRecords } from '../infra/db/schema';
import { bearer, createTestClient, createTestContext, tokenFor, type TestContext } from '../infra/testing/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const post = (token: string, payload: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/cookies',
    headers: bearer(token),
    payload: payload as Record<string, unknown>,
  });

describe('POST /api/cookies', () => {
  it('stores a cookie value per user and updates it on a second post', async () => {
    const client = await createTestClient(ctx);
    const token = await tokenFor(ctx, client.id);
    expect((await post(token, { name: 'ad_storage', value: 'false' })).json()).toEqual({
      data: { name: 'ad_storage', value: 'false' },
    });
    await post(token, { name: 'ad_storage', value: 'true' });
    await post(token, { name: 'gclid', value: 'abc123' });
    const rows = await ctx.db.select().from(cookieRecords).where(eq(cookieRecords.userId, client.id));
    expect(Object.fromEntries(rows.map((r) => [r.name, r.value]))).toEqual({ ad_storage: 'true', gclid: 'abc123' });
  });

  it("answers 'Invalid cookie name' or 'Invalid cookie value' for missing or wrong fields, storing none", async () => {
    const client = await createTestClient(ctx);
    const token = await tokenFor(ctx, client.id);
    const missingName = await post(token, { value: 'true' });
    expect(missingName.statusCode).toBe(422);
    expect(missingName.json().errors.name).toEqual(['Invalid cookie name']);
    const unknownName = await post(token, { name: 'tracker', value: 'true' });
    expect(unknownName.json().errors.name).toEqual(['Invalid cookie name']);
    for (const value of [undefined, '', 42, 'x'.repeat(10_000)]) {
      const response = await post(token, { name: 'gclid', value });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.value).toEqual(['Invalid cookie value']);
    }
    expect(await ctx.db.select().from(cookieRecords).where(eq(cookieRecords.userId, client.id))).toHaveLength(0);
  });

  it('needs a signed-in user', async () => {
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/cookies', payload: { name: 'gclid', value: 'x' } }))
        .statusCode,
    ).toBe(401);
  });
});
