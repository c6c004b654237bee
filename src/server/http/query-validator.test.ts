import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { QUERY_MEMO_SIZE, appValidatorCompiler } from './query-validator';

const schema = z
  .object({
    page: z.coerce.number().int().min(1).default(1),
    statuses: z
      .string()
      .optional()
      .transform((value) => (value ? value.split(',') : [])),
  })
  .strict();

type Validate = (data: unknown) => { value?: unknown; error?: unknown };
const compile = (httpPart: string) =>
  appValidatorCompiler({ schema, method: 'GET', url: '/x', httpPart } as never) as Validate;

describe('the app validator compiler', () => {
  it('parses a query string once and hands later requests the same frozen value', () => {
    const validate = compile('querystring');
    const first = validate({ page: '2', statuses: 'lead,intake' });
    const again = validate({ page: '2', statuses: 'lead,intake' });
    expect(first.value).toEqual({ page: 2, statuses: ['lead', 'intake'] });
    expect(again.value).toBe(first.value);
    expect(Object.isFrozen(first.value)).toBe(true);
    expect(Object.isFrozen((first.value as { statuses: string[] }).statuses)).toBe(true);
    expect(() => (first.value as { statuses: string[] }).statuses.push('x')).toThrow(TypeError);
    expect(validate({ page: '3' }).value).toEqual({ page: 3, statuses: [] });
  });

  it('gives every refused query string its own error and keeps none of them', () => {
    const validate = compile('querystring');
    const refused = validate({ page: '0' });
    expect(refused.error).toBeDefined();
    expect(validate({ page: '0' }).error).not.toBe(refused.error);
    expect(validate({ page: 'x', extra: '1' }).error).toBeDefined();
  });

  it('keeps at most QUERY_MEMO_SIZE query strings, dropping the oldest first', () => {
    const validate = compile('querystring');
    const oldest = validate({ page: '1' }).value;
    for (let page = 2; page <= QUERY_MEMO_SIZE + 1; page++) validate({ page: String(page) });
    const parsedAgain = validate({ page: '1' }).value;
    expect(parsedAgain).toEqual(oldest);
    expect(parsedAgain).not.toBe(oldest);
  });

  it('parses bodies and path parameters every time, unfrozen', () => {
    const validate = compile('body');
    const first = validate({ page: '2' }).value;
    expect(validate({ page: '2' }).value).not.toBe(first);
    expect(Object.isFrozen(first)).toBe(false);
  });
});
