import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FastifyRouteSchemaDef, FastifyValidationResult } from 'fastify/types/schema';
import type { ZodTypeAny } from 'zod';
import { CaseListQuerySchema } from '../../contract/cases';
import { STATUSES } from '../../contract/statuses';
import { keepingValidatorCompiler, PARSED_KEEP } from './validator';
import { createTestContext, createTestLawyer, bearer, tokenFor } from '../testing/harness';

const compile = (schema: ZodTypeAny, httpPart: string) => keepingValidatorCompiler({ schema, httpPart, method: 'GET', url: '/test' } as FastifyRouteSchemaDef<ZodTypeAny>) as (data: unknown) => FastifyValidationResult & { value?: unknown; error?: unknown };

describe('validation of query strings and path parameters', () => {
  it('parses one input once and gives every request the same frozen value', () => {
    let parses = 0;
    const schema = z.object({ page: z.coerce.number().default(1), tags: z.string().transform((t) => (parses++, t.split(','))) }).strict();
    const validate = compile(schema, 'querystring');
    const first = validate({ tags: 'a,b' });
    const second = validate({ tags: 'a,b' });
    expect(first.value).toEqual({ page: 1, tags: ['a', 'b'] });
    expect(second.value).toBe(first.value);
    expect(parses).toBe(1);
    expect(Object.isFrozen(first.value)).toBe(true);
    expect(Object.isFrozen((first.value as { tags: string[] }).tags)).toBe(true);
    expect(() => (first.value as { tags: string[] }).tags.push('c')).toThrow(TypeError);
    // Another input is parsed on its own.
    expect(validate({ tags: 'c', page: '2' }).value).toEqual({ page: 2, tags: ['c'] });
    expect(parses).toBe(2);
  });

  it('never keeps a refusal: each bad input gets its own error', () => {
    const validate = compile(CaseListQuerySchema, 'querystring');
    const first = validate({ page: '0' });
    const second = validate({ page: '0' });
    expect(first.error).toBeDefined();
    expect(second.error).toBeDefined();
    expect(second.error).not.toBe(first.error);
  });

  it('keeps at most PARSED_KEEP inputs, the oldest going first, and still answers every one right', () => {
    let parses = 0;
    const validate = compile(z.object({ page: z.string().transform((p) => (parses++, Number(p))) }), 'querystring');
    for (let page = 1; page <= PARSED_KEEP + 1; page++) expect((validate({ page: String(page) }).value as { page: number }).page).toBe(page);
    expect(parses).toBe(PARSED_KEEP + 1);
    // The newest is still kept; the first went when the last came, so it is parsed again.
    expect((validate({ page: String(PARSED_KEEP + 1) }).value as { page: number }).page).toBe(PARSED_KEEP + 1);
    expect(parses).toBe(PARSED_KEEP + 1);
    expect((validate({ page: '1' }).value as { page: number }).page).toBe(1);
    expect(parses).toBe(PARSED_KEEP + 2);
    const list = compile(CaseListQuerySchema, 'querystring');
    for (let round = 0; round < 2; round++) {
      for (let page = 1; page <= PARSED_KEEP + 20; page++) expect((list({ page: String(page) }).value as { page: number }).page).toBe(page);
    }
  });

  it('parses bodies every time', () => {
    let parses = 0;
    const validate = compile(z.object({ name: z.string().transform((n) => (parses++, n)) }), 'body');
    validate({ name: 'a' });
    const value = validate({ name: 'a' }).value;
    expect(parses).toBe(2);
    expect(Object.isFrozen(value)).toBe(false);
  });

  it('serves the case list with kept query values: the second time the same answers as the first', async () => {
    const ctx = await createTestContext();
    try {
      const lawyer = await createTestLawyer(ctx);
      const token = await tokenFor(ctx, lawyer.id);
      const urls = ['/api/cases', '/api/cases?page=2&dir=DESC', '/api/cases?q=%20jan%20', `/api/cases?statuses=${STATUSES[1]?.slug},${STATUSES[2]?.slug}&sort=status`];
      const answers = async () => Promise.all(urls.map(async (url) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) })));
      const first = await answers();
      const second = await answers();
      for (const [i, response] of first.entries()) {
        expect(response.statusCode, response.body).toBe(200);
        expect(second[i]?.body).toBe(response.body);
      }
      expect(JSON.stringify(first[1]?.json())).toMatch(/dir=desc/);
      const bad = await ctx.app.inject({ method: 'GET', url: '/api/cases?page=0', headers: bearer(token) });
      expect(bad.statusCode).toBe(422);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/cases?page=0', headers: bearer(token) })).json()).toEqual(bad.json());
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
      const body = await ctx.app.inject({ method: 'PATCH', url: '/api/user', headers: bearer(token), payload: { nope: 1 } });
      expect(body.json().errors).toEqual({ body: ['Onbekend veld: nope.'] });
    } finally {
      await ctx.close();
    }
  });
});
