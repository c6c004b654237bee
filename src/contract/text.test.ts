import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  CONTROL_CHARACTER_MESSAGE,
  LONE_SURROGATE_MESSAGE,
  hasControlCharacters,
  hasLoneSurrogate,
  text,
} from './text';
import { UpdateUserRequestSchema } from './users';
import { UpdateCompanyRequestSchema } from './cases';
import { CreateFeedbackRequestSchema } from './feedback';
import {
  ComplaintHandlingRequestSchema,
  ComplaintOutcomeRequestSchema,
  CreateComplaintRequestSchema,
} from './complaints';
import { AnswersRequestSchema } from './questions';
import { ContactPersonInputSchema } from './contact-persons';
import { CookieRecordSchema } from './cookies';
import { CreateDocumentFieldsSchema, ReviewDocumentRequestSchema } from './documents';
import { RequestCodeRequestSchema, TokenRequestSchema } from './auth';

const messages = (result: z.SafeParseReturnType<unknown, unknown>) =>
  result.success ? [] : result.error.issues.map((i) => i.message);

describe('text()', () => {
  it('refuses NUL and every C0 control character on one line', () => {
    for (let code = 0; code < 0x20; code++) {
      expect(text().safeParse(`a${String.fromCharCode(code)}b`).success, `U+${code.toString(16)}`).toBe(false);
    }
    expect(text().safeParse('a\u007Fb').success).toBe(false);
    expect(messages(text().safeParse('x\u0000'))).toEqual([CONTROL_CHARACTER_MESSAGE]);
  });

  it('allows tab, line feed and carriage return in multi-line text, and nothing else below U+0020', () => {
    expect(text({ multiline: true }).safeParse('regel 1\r\nregel\t2\n').success).toBe(true);
    for (const c of ['\u0000', '\u0001', '\u0008', '\u000B', '\u000C', '\u001B', '\u001F', '\u007F']) {
      expect(text({ multiline: true }).safeParse(`a${c}`).success).toBe(false);
    }
  });

  it('keeps ordinary unicode, including Dutch and emoji', () => {
    expect(text().safeParse('Zoë van ’t Hof 😀 ĳ').success).toBe(true);
    expect(hasControlCharacters('Zoë')).toBe(false);
    expect(hasControlCharacters('a\nb')).toBe(true);
    expect(hasControlCharacters('a\nb', { multiline: true })).toBe(false);
  });

  it('refuses a lone surrogate, high or low, anywhere, and keeps surrogate pairs', () => {
    for (const value of ['\uD800', 'x\uD800', '\uDC00x', 'a\uDBFFb', '😀\uD83D', '\uDE00😀']) {
      expect(messages(text().safeParse(value)), JSON.stringify(value)).toEqual([LONE_SURROGATE_MESSAGE]);
      expect(text({ multiline: true }).safeParse(value).success).toBe(false);
      expect(hasLoneSurrogate(value)).toBe(true);
    }
    expect(LONE_SURROGATE_MESSAGE).toBe('validation.invalidCharacter');
    expect(text().safeParse('\uD83D\uDE00 \u{10FFFF}').success).toBe(true);
    expect(text().safeParse('x'.repeat(200_000) + '\uD800').success).toBe(false);
  });

  it('stays chainable like z.string()', () => {
    expect(text().trim().min(1).max(3).safeParse('  ab  ')).toEqual({ success: true, data: 'ab' });
  });
});

describe('request schemas refuse control characters', () => {
  const cases: [string, z.ZodTypeAny, unknown][] = [
    ['user city', UpdateUserRequestSchema, { city: 'x\u0000' }],
    ['user name', UpdateUserRequestSchema, { name: 'a\u0007b' }],
    ['user quote', UpdateUserRequestSchema, { quote: 'x\u0000' }],
    [
      'company name',
      UpdateCompanyRequestSchema,
      {
        company_name: 'a\u0000',
        company_house_number: '1',
        company_postcode: '1234AB',
        company_city: 'x',
        contact_email: 'a@b.nl',
        contact_phone_number: '1',
      },
    ],
    ['feedback', CreateFeedbackRequestSchema, { text: 'hallo\u0000' }],
    [
      'story answer',
      AnswersRequestSchema,
      { questions: [{ id: '00000000-0000-4000-8000-000000000000', answer: 'x\u0000' }] },
    ],
    ['contact person', ContactPersonInputSchema, { first_name: 'a\u0000', last_name: 'b', email: 'a@b.nl' }],
    ['cookie value', CookieRecordSchema, { name: 'gclid', value: 'a\u0000' }],
    ['document title', CreateDocumentFieldsSchema, { title: 'a\u0000' }],
    ['rejection reason', ReviewDocumentRequestSchema, { status: 'Rejected', message: 'a\u0000' }],
    ['e-mail', RequestCodeRequestSchema, { email: 'a\u0000@b.nl' }],
    ['code', TokenRequestSchema, { email: 'a@b.nl', code: 'ABC\u0000EF' }],
  ];
  it.each(cases)('%s', (_name, schema, value) => {
    expect(schema.safeParse(value).success).toBe(false);
  });

  it('still accepts new lines in free text', () => {
    expect(CreateFeedbackRequestSchema.safeParse({ text: 'regel 1\nregel 2' }).success).toBe(true);
    expect(CreateComplaintRequestSchema.safeParse({ text: 'regel 1\r\nregel 2' }).success).toBe(true);
    expect(ComplaintHandlingRequestSchema.safeParse({ handling: 'regel 1\nregel 2' }).success).toBe(true);
    expect(ComplaintOutcomeRequestSchema.safeParse({ outcome: 'a\nb', handling: 'c\nd' }).success).toBe(true);
    expect(CreateComplaintRequestSchema.safeParse({ text: 'a\u0000' }).success).toBe(false);
  });
});
