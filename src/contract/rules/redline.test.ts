import { describe, expect, it } from 'vitest';
import { getRedline } from './redline';

const joined = (parts: ReturnType<typeof getRedline>, op: string) =>
  parts
    .filter((p) => p.op === op)
    .map((p) => p.text.trim())
    .join('|');

describe('getRedline', () => {
  it('marks an edited clause word by word', () => {
    const parts = getRedline(
      'De vergoeding bedraagt € 18.000 bruto, te betalen in maart.',
      'De vergoeding bedraagt € 24.500 bruto, te betalen in april.',
    );
    expect(parts[0]).toEqual({ op: 'equal', text: 'De vergoeding bedraagt € ' });
    expect(joined(parts, 'delete')).toBe('18|000|maart');
    expect(joined(parts, 'insert')).toBe('24|500|april');
    expect(
      parts
        .filter((p) => p.op === 'equal')
        .map((p) => p.text)
        .join(''),
    ).toBe('De vergoeding bedraagt € . bruto, te betalen in .');
  });
  it('shows a moved clause as deleted where it was and inserted where it is', () => {
    const before = 'Artikel 1. Einde dienstverband.\nArtikel 2. Finale kwijting.\nArtikel 3. Getuigschrift.';
    const after = 'Artikel 1. Einde dienstverband.\nArtikel 3. Getuigschrift.\nArtikel 2. Finale kwijting.';
    const parts = getRedline(before, after);
    expect(
      parts
        .filter((p) => p.op !== 'insert')
        .map((p) => p.text)
        .join(''),
    ).toBe(before);
    expect(
      parts
        .filter((p) => p.op !== 'delete')
        .map((p) => p.text)
        .join(''),
    ).toBe(after);
    expect(joined(parts, 'delete') + joined(parts, 'insert')).toMatch(/Getuigschrift|kwijting/);
  });
  it('is one equal part for the same text, and all insert against nothing', () => {
    expect(getRedline('Gelijk.', 'Gelijk.')).toEqual([{ op: 'equal', text: 'Gelijk.' }]);
    expect(getRedline('', 'Nieuw voorstel.')).toEqual([{ op: 'insert', text: 'Nieuw voorstel.' }]);
  });
});
