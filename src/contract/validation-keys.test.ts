import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import enUS from '../../public/i18n/en-US.json';
import nlNL from '../../public/i18n/nl-NL.json';
import { AdminDateSchema, StandInRequestSchema } from './admin';
import { fileTooLargeMessage, NO_FILE_MESSAGE } from './documents';
import { MESSAGE_CURSOR_INVALID, MESSAGE_DELETE_TOO_LATE, MessageTextSchema } from './messages';
import { NAME_MISMATCH_MESSAGE, SignProposalRequestSchema } from './workflow';
import { interpolate, validationMessage, type Translate } from './validation-messages';

/** The same lookup as the web's i18next and the server's serverTranslate, over one catalogue. */
const translator =
  (catalogue: unknown): Translate =>
  (key, values) => {
    let node: unknown = catalogue;
    for (const part of key.split('.'))
      node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
    return typeof node === 'string' ? interpolate(node, values) : key;
  };
const nl = translator(nlNL);
const en = translator(enUS);

/**
 * The texts of a failed parse in one language, as the server's 422 gives them (its validator
 * parses without a contextual error map, so a schema's own texts, such as `required_error`, stay).
 */
function textsOf(schema: z.ZodTypeAny, value: unknown, t: Translate): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => validationMessage(issue, t));
}

describe("the contract's own texts are translation keys (Dutch unchanged, English complete)", () => {
  it('stand-in: the end before the start, longer than a year, a date that does not exist', () => {
    const base = { lawyer_id: '7a1c1a52-3a0e-4a43-9d55-2f1c0a8e9b11' };
    expect(textsOf(StandInRequestSchema, { ...base, from: '2026-12-10', until: '2026-12-01' }, nl)).toEqual([
      'De einddatum ligt voor de begindatum.',
    ]);
    expect(textsOf(StandInRequestSchema, { ...base, from: '2026-12-10', until: '2026-12-01' }, en)).toEqual([
      'The end date is before the start date.',
    ]);
    expect(textsOf(StandInRequestSchema, { ...base, from: '2026-01-01', until: '2027-06-01' }, nl)).toEqual([
      'Een vervanging duurt hoogstens een jaar.',
    ]);
    expect(textsOf(StandInRequestSchema, { ...base, from: '2026-01-01', until: '2027-06-01' }, en)).toEqual([
      'A stand-in lasts at most one year.',
    ]);
    expect(textsOf(AdminDateSchema, '2026-02-30', nl)).toEqual(['Ongeldige datum']);
    expect(textsOf(AdminDateSchema, '2026-02-30', en)).toEqual(['This date does not exist.']);
  });

  it('messages: empty, too long, control characters; the cursor and the late delete', () => {
    expect(textsOf(MessageTextSchema, '  ', nl)).toEqual(['Je bericht is leeg.']);
    expect(textsOf(MessageTextSchema, '  ', en)).toEqual(['Your message is empty.']);
    expect(textsOf(MessageTextSchema, undefined, en)).toEqual(['Your message is empty.']);
    expect(textsOf(MessageTextSchema, 'x'.repeat(5001), nl)).toEqual(['Een bericht mag maximaal 5.000 tekens hebben.']);
    expect(textsOf(MessageTextSchema, 'x'.repeat(5001), en)).toEqual(['A message can have at most 5,000 characters.']);
    expect(textsOf(MessageTextSchema, 'a\u001bb', nl)).toEqual(['Je bericht bevat ongeldige tekens.']);
    expect(textsOf(MessageTextSchema, 'a\u001bb', en)).toEqual(['Your message contains invalid characters.']);
    expect([nl(MESSAGE_CURSOR_INVALID), en(MESSAGE_CURSOR_INVALID)]).toEqual([
      'Ongeldige cursor.',
      'This page reference is not valid.',
    ]);
    expect(nl(MESSAGE_DELETE_TOO_LATE)).toBe(
      'Een bericht kan alleen binnen 5 minuten na het versturen worden verwijderd.',
    );
    expect(en(MESSAGE_DELETE_TOO_LATE)).toBe('A message can only be deleted within 5 minutes of sending it.');
  });

  it('signing: not agreed, a name that does not match', () => {
    const unsigned = { full_name: 'Kees Klant', agree: false, start_now: true };
    expect(textsOf(SignProposalRequestSchema, unsigned, nl)).toEqual([
      'Je moet akkoord gaan met de opdrachtbevestiging en de algemene voorwaarden.',
    ]);
    expect(textsOf(SignProposalRequestSchema, unsigned, en)).toEqual([
      'You must agree to the engagement letter and the general terms and conditions.',
    ]);
    // The choice about starting inside the withdrawal period is asked for in both languages.
    const unchosen = { full_name: 'Kees Klant', agree: true };
    expect(textsOf(SignProposalRequestSchema, unchosen, nl)).toEqual([
      'Kies of we binnen de herroepingstermijn al mogen beginnen.',
    ]);
    expect(textsOf(SignProposalRequestSchema, unchosen, en)).toEqual([
      'Choose whether we may start within the withdrawal period.',
    ]);
    expect(nl(NAME_MISMATCH_MESSAGE)).toBe('Vul je volledige naam in zoals die in je gegevens staat.');
    expect(en(NAME_MISMATCH_MESSAGE)).toBe('Enter your full name as it appears in your details.');
  });

  it('uploads: no file, a file too large with its limit', () => {
    expect([nl(NO_FILE_MESSAGE), en(NO_FILE_MESSAGE)]).toEqual([
      'Kies een bestand om te uploaden.',
      'Choose a file to upload.',
    ]);
    expect(fileTooLargeMessage(100, nl)).toBe('Het bestand is te groot. Je kunt bestanden tot 100 MB uploaden.');
    expect(fileTooLargeMessage(100, en)).toBe('The file is too large. You can upload files of up to 100 MB.');
  });
});
