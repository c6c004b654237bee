import { describe, expect, it } from 'vitest';
import { computeRedline, getRedline, normaliseAgreementText, splitClauses, tokenise } from './redline';

const side = (parts: ReturnType<typeof getRedline>, skip: string) =>
  parts
    .filter((p) => p.op !== skip)
    .map((p) => p.text)
    .join('');

describe('tokenise', () => {
  it('keeps amounts, numbers and dates whole', () => {
    expect(tokenise('EUR 18.000 of € 1.234,56 of 18.000,- op 01-03-2027 (art. 7:673)')).toEqual([
      'EUR',
      ' ',
      '18.000',
      ' ',
      'of',
      ' ',
      '€',
      ' ',
      '1.234,56',
      ' ',
      'of',
      ' ',
      '18.000,-',
      ' ',
      'op',
      ' ',
      '01-03-2027',
      ' ',
      '(',
      'art',
      '.',
      ' ',
      '7:673',
      ')',
    ]);
  });
  it('ends a number before the full stop of its sentence', () => {
    expect(tokenise('bedraagt 18.000.')).toEqual(['bedraagt', ' ', '18.000', '.']);
  });
});

describe('splitClauses', () => {
  it('joins the hard wraps of a paragraph and starts a clause at a blank line or a clause number', () => {
    expect(
      splitClauses('Artikel 1. De werknemer\nontvangt een vergoeding\nvan € 18.000.\nArtikel 2. Finale\n\nkwijting.'),
    ).toEqual(['Artikel 1. De werknemer ontvangt een vergoeding van € 18.000.', 'Artikel 2. Finale', 'kwijting.']);
    expect(splitClauses('1. Einde\n2. Vergoeding\n2.1 Hoogte\n18.000 euro bruto')).toEqual([
      '1. Einde',
      '2. Vergoeding',
      '2.1 Hoogte 18.000 euro bruto',
    ]);
  });
  it('does not start a clause at a reference to an article inside a sentence', () => {
    expect(splitClauses('zoals bedoeld in\nartikel 7:673 BW, en\nArtikel 7:670b BW.\nArtikel 4. Kosten')).toEqual([
      'zoals bedoeld in artikel 7:673 BW, en Artikel 7:670b BW.',
      'Artikel 4. Kosten',
    ]);
  });
  it('joins a word broken at a hyphen without a space', () => {
    expect(splitClauses('recht op een WW-\nuitkering')).toEqual(['recht op een WW-uitkering']);
  });
});

describe('computeRedline', () => {
  it("marks 'EUR 18.000' → 'EUR 24.500' as one deleted and one inserted amount", () => {
    expect(computeRedline('EUR 18.000', 'EUR 24.500')).toEqual({
      parts: [
        { op: 'equal', text: 'EUR ' },
        { op: 'delete', text: '18.000' },
        { op: 'insert', text: '24.500' },
      ],
      too_many_changes: false,
    });
  });

  it('marks a changed date and amount within a clause as wholes', () => {
    const parts = getRedline(
      'De vergoeding bedraagt € 18.000 bruto, te betalen op 01-03-2027.',
      'De vergoeding bedraagt € 24.500 bruto, te betalen op 01-04-2027.',
    );
    expect(parts).toEqual([
      { op: 'equal', text: 'De vergoeding bedraagt € ' },
      { op: 'delete', text: '18.000' },
      { op: 'insert', text: '24.500' },
      { op: 'equal', text: ' bruto, te betalen op ' },
      { op: 'delete', text: '01-03-2027' },
      { op: 'insert', text: '01-04-2027' },
      { op: 'equal', text: '.' },
    ]);
  });

  it('shows a new clause as one insertion, not interleaved with the clauses around it', () => {
    const before = [
      'Artikel 1. De arbeidsovereenkomst eindigt met wederzijds goedvinden op 31 maart 2027.',
      'Artikel 2. De werkgever betaalt de werknemer een vergoeding van € 18.000 bruto.',
      'Artikel 3. Partijen verlenen elkaar finale kwijting.',
    ].join('\n\n');
    const added = 'Artikel 3. De werkgever betaalt de kosten van juridische bijstand van de werknemer tot € 1.500.';
    const after = [
      'Artikel 1. De arbeidsovereenkomst eindigt met wederzijds goedvinden op 31 maart 2027.',
      'Artikel 2. De werkgever betaalt de werknemer een vergoeding van € 18.000 bruto.',
      added,
      'Artikel 4. Partijen verlenen elkaar finale kwijting.',
    ].join('\n\n');
    const parts = getRedline(before, after);
    const inserts = parts.filter((p) => p.op === 'insert').map((p) => p.text);
    expect(inserts).toEqual([`\n\n${added}`, '4']);
    expect(parts.filter((p) => p.op === 'delete').map((p) => p.text)).toEqual(['3']);
    expect(side(parts, 'insert')).toBe(before);
    expect(side(parts, 'delete')).toBe(after);
  });

  it('sees no change in line breaks that came from a PDF or .docx', () => {
    const typed = 'Artikel 1. De werknemer ontvangt een vergoeding van € 18.000 bruto.\n\nArtikel 2. Finale kwijting.';
    const extracted =
      'Artikel 1. De werknemer ontvangt\neen vergoeding van €  18.000\nbruto.\r\nArtikel 2. Finale   kwijting.  ';
    expect(computeRedline(typed, extracted)).toEqual({
      parts: [{ op: 'equal', text: typed }],
      too_many_changes: false,
    });
  });

  it('shows a moved clause as deleted where it was and inserted where it is', () => {
    const before = 'Artikel 1. Einde dienstverband.\nArtikel 2. Finale kwijting.\nArtikel 3. Getuigschrift.';
    const after = 'Artikel 1. Einde dienstverband.\nArtikel 3. Getuigschrift.\nArtikel 2. Finale kwijting.';
    const parts = getRedline(before, after);
    expect(side(parts, 'insert')).toBe(normaliseAgreementText(before));
    expect(side(parts, 'delete')).toBe(normaliseAgreementText(after));
    expect(parts.filter((p) => p.op !== 'equal').length).toBe(2);
  });

  it('is one equal part for the same text, and all insert against nothing', () => {
    expect(getRedline('Gelijk.', 'Gelijk.')).toEqual([{ op: 'equal', text: 'Gelijk.' }]);
    expect(getRedline('', 'Nieuw voorstel.')).toEqual([{ op: 'insert', text: 'Nieuw voorstel.' }]);
    expect(getRedline('Oud voorstel.', '')).toEqual([{ op: 'delete', text: 'Oud voorstel.' }]);
  });

  it('says there are too many changes past its bound, with both texts whole', () => {
    const words = (n: number, word: (i: number) => string) => Array.from({ length: n }, (_, i) => word(i)).join(' ');
    const before = words(400, (i) => `woord${i}`);
    const after = words(400, (i) => (i % 2 ? `woord${i}` : `ander${i}`));
    const bounded = computeRedline(before, after, { maxEditLength: 50, timeoutMs: 5_000 });
    expect(bounded).toEqual({
      parts: [
        { op: 'delete', text: before },
        { op: 'insert', text: after },
      ],
      too_many_changes: true,
    });
    // Within the default bound the same texts are marked word by word.
    expect(computeRedline(before, after).too_many_changes).toBe(false);
  });

  it('stops at its time budget', () => {
    const before = Array.from({ length: 20_000 }, (_, i) => `a${i}`).join(' ');
    const after = Array.from({ length: 20_000 }, (_, i) => `b${i}`).join(' ');
    expect(computeRedline(before, after, { maxEditLength: 1_000_000, timeoutMs: 0 }).too_many_changes).toBe(true);
  });
});
