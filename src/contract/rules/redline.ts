import { diffWordsWithSpace } from 'diff';

export type RedlineOp = 'equal' | 'insert' | 'delete';
export type RedlinePart = { op: RedlineOp; text: string };

/**
 * A word-level redline of `next` against `previous` (jsdiff's diffWordsWithSpace: words and
 * the spaces between them are tokens, so line breaks and spacing survive). Adjacent parts of
 * the same kind are joined.
 */
export function getRedline(previous: string, next: string): RedlinePart[] {
  const parts: RedlinePart[] = [];
  for (const change of diffWordsWithSpace(previous, next)) {
    const op: RedlineOp = change.added ? 'insert' : change.removed ? 'delete' : 'equal';
    const last = parts[parts.length - 1];
    if (last && last.op === op) last.text += change.value;
    else if (change.value) parts.push({ op, text: change.value });
  }
  return parts;
}
