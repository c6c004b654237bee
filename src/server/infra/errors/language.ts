import type { FastifyRequest } from 'fastify';
import enUS from '../../../../public/i18n/en-US.json';
import nlNL from '../../../../public/i18n/nl-NL.json';
import { interpolate, type Translate } from '../../../contract/validation-messages';

/** The languages of the translation files; nl-NL is the default. */
const CATALOGUES = { 'nl-NL': nlNL, 'en-US': enUS } as const;
export type ServerLanguage = keyof typeof CATALOGUES;

/** The best of nl-NL and en-US for an `Accept-Language` header (q-values honoured), else nl-NL. */
export function negotiateLanguage(header: string | undefined): ServerLanguage {
  if (!header) return 'nl-NL';
  const ranges = header
    .slice(0, 500)
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const qParam = params.find((p) => /^\s*q\s*=/i.test(p));
      const q =
        qParam === undefined
          ? 1
          : /^\s*q\s*=\s*(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)\s*$/i.test(qParam)
            ? Number(qParam.split('=')[1])
            : 0;
      return { tag: tag.trim().toLowerCase(), q, index };
    })
    .filter((r) => r.tag && r.q > 0 && Number.isFinite(r.q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranges) {
    if (tag === '*') return 'nl-NL';
    if (tag === 'nl' || tag.startsWith('nl-')) return 'nl-NL';
    if (tag === 'en' || tag.startsWith('en-')) return 'en-US';
  }
  return 'nl-NL';
}

function lookup(catalogue: unknown, key: string): string | undefined {
  let node: unknown = catalogue;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** A translate function over the translation files (keys with `_one`/`_other` when `count` is given). */
export function serverTranslate(language: ServerLanguage): Translate {
  const catalogue = CATALOGUES[language];
  return (key, values) => {
    const plural =
      values && typeof values.count === 'number'
        ? lookup(catalogue, `${key}_${values.count === 1 ? 'one' : 'other'}`)
        : undefined;
    const text = plural ?? lookup(catalogue, key) ?? lookup(CATALOGUES['nl-NL'], key) ?? key;
    return interpolate(text, values);
  };
}

export const requestTranslate = (request: FastifyRequest): Translate =>
  serverTranslate(negotiateLanguage(request.headers['accept-language']));
