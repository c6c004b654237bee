import { describe, expect, it } from 'vitest';
import { STATUSES } from '../../../contract/statuses';
import { createTestContext, createTestLawyer, bearer, tokenFor } from '../testing/harness';

describe('validation of query strings and path parameters', () => {
  it('serves the same query string twice with the same answers, and refuses a bad one the same way twice', async () => {
    const ctx = await createTestContext();
    try {
      const lawyer = await createTestLawyer(ctx);
      const token = await tokenFor(ctx, lawyer.id);
      const urls = [
        '/api/cases',
        '/api/cases?page=2&dir=DESC',
        '/api/cases?q=%20jan%20',
        `/api/cases?statuses=${STATUSES[1]?.slug},${STATUSES[2]?.slug}&sort=status`,
      ];
      const answers = async () =>
        Promise.all(urls.map(async (url) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) })));
      const first = await answers();
      const second = await answers();
      for (const [i, response] of first.entries()) {
        expect(response.statusCode, response.body).toBe(200);
        expect(second[i]?.body).toBe(response.body);
      }
      expect(JSON.stringify(first[1]?.json())).toMatch(/dir=desc/);
      const bad = await ctx.app.inject({ method: 'GET', url: '/api/cases?page=0', headers: bearer(token) });
      expect(bad.statusCode).toBe(422);
      expect(
        (await ctx.app.inject({ method: 'GET', url: '/api/cases?page=0', headers: bearer(token) })).json(),
      ).toEqual(bad.json());
    } finally {
      await ctx.close();
    }
  });

  it('reports an unknown query key under query, never under body (audit)', async () => {
    const ctx = await createTestContext();
    try {
      const lawyer = await createTestLawyer(ctx);
      const token = await tokenFor(ctx, lawyer.id);
      const response = await ctx.app.inject({ method: 'GET', url: '/api/cases?page[]=1', headers: bearer(token) });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ query: ['Onbekend veld: page[].'] });
      const field = await ctx.app.inject({ method: 'GET', url: '/api/cases?page=0', headers: bearer(token) });
      expect(Object.keys(field.json().errors)).toEqual(['page']);
      const body = await ctx.app.inject({
        method: 'PATCH',
        url: '/api/user',
        headers: bearer(token),
        payload: { nope: 1 },
      });
      expect(body.json().errors).toEqual({ body: ['Onbekend veld: nope.'] });
    } finally {
      await ctx.close();
    }
  });
});
