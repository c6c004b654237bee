import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import enUS from '../../../../public/i18n/en-US.json';
import nlNL from '../../../../public/i18n/nl-NL.json';
import { issueKey, validationKey } from '../../../contract/validation-messages';
import { negotiateLanguage, serverTranslate } from './language';

describe('negotiateLanguage', () => {
  it.each([
    [undefined, 'nl-NL'],
    ['', 'nl-NL'],
    ['en-US', 'en-US'],
    ['en', 'en-US'],
    ['en-GB,en;q=0.8', 'en-US'],
    ['nl-BE', 'nl-NL'],
    ['de-DE,en;q=0.5,nl;q=0.9', 'nl-NL'],
    ['de-DE,en;q=0.5', 'en-US'],
    ['fr', 'nl-NL'],
    ['*', 'nl-NL'],
    ['en;q=0, nl;q=0.1', 'nl-NL'],
    ['en;q=abc', 'nl-NL'],
  ])('%s → %s', (header, language) => {
    expect(negotiateLanguage(header)).toBe(language);
  });
});

describe('the one error map', () => {
  const keysOf = (schema: z.ZodTypeAny, value: unknown) => {
    const result = schema.safeParse(value);
    return result.success ? [] : result.error.issues.map((issue) => issueKey(issue));
  };

  it('names required, too long with its number, e-mail, choices, types and unknown fields', () => {
    expect(keysOf(z.string().min(1), '')).toEqual([{ key: 'validation.required', values: { min: 1 } }]);
    expect(keysOf(z.string().max(250), 'x'.repeat(251))).toEqual([{ key: 'validation.tooLong', values: { max: 250 } }]);
    expect(keysOf(z.string().email(), 'nee')[0]?.key).toBe('validation.invalidEmail');
    expect(keysOf(z.string().length(6), 'abc')[0]).toEqual({
      key: 'validation.exactLength',
      values: { min: 6, length: 6 },
    });
    expect(keysOf(z.enum(['a', 'b']), 'c')[0]?.key).toBe('validation.invalidChoice');
    expect(keysOf(z.object({ a: z.string() }), {})[0]?.key).toBe('validation.required');
    expect(keysOf(z.object({ a: z.string() }), { a: 3 })[0]?.key).toBe('validation.invalidType');
    expect(keysOf(z.object({}).strict(), { x: 1 })[0]).toEqual({
      key: 'validation.unknownField',
      values: { keys: 'x' },
    });
    expect(keysOf(z.array(z.string()).max(3), ['a', 'b', 'c', 'd'])[0]).toEqual({
      key: 'validation.tooManyItems',
      values: { max: 3 },
    });
    expect(keysOf(z.string().min(1, validationKey('answerRequired')), '')[0]?.key).toBe('validation.answerRequired');
    expect(
      keysOf(
        z.string().refine(() => false, { params: { key: 'time', day: 'maandag' } }),
        'x',
      )[0],
    ).toEqual({ key: 'validation.time', values: { key: 'time', day: 'maandag' } });
  });

  it('has every text in both languages, Dutch in Dutch and English in English', () => {
    const nl = nlNL.validation as Record<string, string>;
    const en = enUS.validation as Record<string, string>;
    expect(Object.keys(en).sort()).toEqual(Object.keys(nl).sort());
    expect(nl.required).toBe('Dit veld is verplicht.');
    expect(serverTranslate('nl-NL')('validation.tooLong', { max: 250 })).toBe('Maximaal 250 tekens.');
    expect(serverTranslate('en-US')('validation.tooLong', { max: 250 })).toBe('At most 250 characters.');
    expect(serverTranslate('nl-NL')('validation.summary', { first: 'A', count: 1 })).toBe('A (en nog 1 fout)');
    expect(serverTranslate('nl-NL')('validation.summary', { first: 'A', count: 2 })).toBe('A (en nog 2 fouten)');
    // No Dutch text uses the library's English defaults, except the product's own quoted fallbacks
    // (section 'Cookies': 'Invalid cookie name', 'Invalid cookie value').
    const specFallbacks = new Set(['Invalid cookie name', 'Invalid cookie value']);
    for (const text of Object.values(nl).filter((t) => !specFallbacks.has(t)))
      expect(text).not.toMatch(/\b(Required|Invalid|String must)\b/);
  });
});

describe('server messages named by an errors.… key', () => {
  it('exist in both languages, for every key the server code names', async () => {
    const { readdir, readFile } = await import('node:fs/promises');
    const path = await import('node:path');
    const root = path.resolve(__dirname, '../..');
    const files = (await readdir(root, { recursive: true })).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'),
    );
    const keys = new Set<string>();
    for (const file of files)
      for (const match of (await readFile(path.join(root, file), 'utf8')).matchAll(
        /'(errors\.[a-zA-Z]+(?:\.[a-zA-Z]+)+)'/g,
      ))
        keys.add(match[1]!);
    expect(keys.size).toBeGreaterThan(20);
    const nl = serverTranslate('nl-NL');
    const en = serverTranslate('en-US');
    const missing = [...keys].filter(
      (key) => nl(key) === key || en(key) === key || (en(key) === nl(key) && key !== 'errors.unauthenticated'),
    );
    expect(missing).toEqual([]);
  });
});

describe("the contract's own texts named by key", () => {
  it('exist in both languages, differently, for every validationKey(…) and errors.… key in src/contract', async () => {
    const { readdir, readFile } = await import('node:fs/promises');
    const path = await import('node:path');
    const root = path.resolve(__dirname, '../../../contract');
    const files = (await readdir(root, { recursive: true })).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'),
    );
    const keys = new Set<string>();
    for (const file of files) {
      const source = await readFile(path.join(root, file), 'utf8');
      for (const match of source.matchAll(/validationKey\('([a-zA-Z]+)'\)/g)) keys.add(`validation.${match[1]!}`);
      for (const match of source.matchAll(/'(errors\.[a-zA-Z]+(?:\.[a-zA-Z]+)+)'/g)) keys.add(match[1]!);
    }
    expect(keys.size).toBeGreaterThan(10);
    const nl = serverTranslate('nl-NL');
    const en = serverTranslate('en-US');
    // The product's own cookie fallbacks are quoted in English in both languages.
    const sameInBoth = new Set(['validation.invalidCookieName', 'validation.invalidCookieValue']);
    expect(
      [...keys].filter((key) => nl(key) === key || en(key) === key || (en(key) === nl(key) && !sameInBoth.has(key))),
    ).toEqual([]);
  });
});
