import { diffArrays } from 'diff';

export type RedlineOp = 'equal' | 'insert' | 'delete';
export type RedlinePart = { op: RedlineOp; text: string };
/** A redline as it is stored with a version: the parts, and whether it gave up (too many changes). */
export type Redline = { parts: RedlinePart[]; too_many_changes: boolean };

/**
 * How much work one redline may take. Past either bound it stops and says there are too many
 * changes to mark (the texts are then shown side by side). `maxEditLength` is jsdiff's: the most
 * changed tokens (words, numbers, spaces, signs) one clause pair may have, and the most changed
 * clauses of the whole text; `timeoutMs` is for the whole redline.
 */
export const REDLINE_LIMITS = { maxEditLength: 2_000, timeoutMs: 3_000 };
export type RedlineLimits = typeof REDLINE_LIMITS;

/**
 * A line that starts a clause: 'Artikel 3', 'Art. 3', '3.', '3)', '2.1', 'a.', 'b)' or a bullet.
 * A wrapped line is no clause when it starts with '18.000 euro' (a sub-number has at most two
 * digits) or with a reference in a sentence ('artikel 7:673 BW': lower case, or a colon).
 */
const CLAUSE_START =
  /^(?:(?:Artikel|ARTIKEL|Article|ARTICLE|Art\.)\s*\d+(?![\d:])|\d{1,2}[.)]\s|\d{1,2}(?:\.\d{1,2})+\.?\s|[a-z][.)]\s|[•\-–*]\s)/;

/**
 * The clauses of an agreement's text, each on one line: a clause ends at a blank line or where
 * the next one starts ('Artikel 4', '4.', '4.1'); the line breaks inside a paragraph (hard wraps
 * of a PDF or a .docx export) become spaces, and runs of spaces one space. A word broken at a
 * hyphen at the end of a line ('WW-' / 'uitkering') is joined again without a space.
 */
export function splitClauses(text: string): string[] {
  const clauses: string[] = [];
  let current = '';
  const flush = () => {
    if (current) clauses.push(current);
    current = '';
  };
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.replace(/[\s\u00a0]+/g, ' ').trim();
    if (!line) {
      flush();
      continue;
    }
    if (current && CLAUSE_START.test(line)) flush();
    if (!current) current = line;
    else if (/\p{L}-$/u.test(current) && /^\p{Ll}/u.test(line)) current += line;
    else current += ` ${line}`;
  }
  flush();
  return clauses;
}

/** The text as the redline shows it: its clauses, separated by a blank line. */
export const normaliseAgreementText = (text: string) => splitClauses(text).join(CLAUSE_SEPARATOR);
const CLAUSE_SEPARATOR = '\n\n';

/**
 * The tokens a clause is compared by. Dates (01-03-2027, 2027-03-01) and numbers with their
 * separators and decimals (18.000, 1.234,56, 18.000,-, 7:673) are one token each, so an amount
 * changes as a whole ('18.000' → '24.500', never '18' → '24' beside an unchanged '.000'); words
 * are one token, and so is each run of spaces and each other sign.
 */
const TOKEN =
  /\d{1,2}-\d{1,2}-\d{2,4}|\d{4}-\d{2}-\d{2}|\d+(?:[.,:/]\d+)*(?:,-{1,2})?|[\p{L}\p{M}\p{N}]+(?:['’][\p{L}\p{M}]+)*|\s+|[^\s]/gu;
export const tokenise = (text: string): string[] => text.match(TOKEN) ?? [];

class TooManyChanges extends Error {}

/**
 * The redline of `next` against `previous`, in two steps: the clauses are compared as wholes
 * (a clause added or removed is one insertion or deletion, never interleaved with its
 * neighbours); a clause that was changed is paired with its old form, and only those two are
 * compared token by token (tokenise). Line breaks inside a paragraph are no change. Reading the
 * parts that are not 'insert' gives the previous text, the parts that are not 'delete' the next
 * one (both as normaliseAgreementText writes them).
 *
 * Bounded by `limits`: past them the answer is the whole previous text deleted and the whole
 * next text inserted, with `too_many_changes`.
 */
export function computeRedline(previous: string, next: string, limits: RedlineLimits = REDLINE_LIMITS): Redline {
  const oldClauses = splitClauses(previous);
  const newClauses = splitClauses(next);
  const deadline = Date.now() + limits.timeoutMs;
  try {
    return { parts: clauseRedline(oldClauses, newClauses, limits.maxEditLength, deadline), too_many_changes: false };
  } catch (error) {
    if (!(error instanceof TooManyChanges)) throw error;
    const parts: RedlinePart[] = [];
    if (oldClauses.length) parts.push({ op: 'delete', text: oldClauses.join(CLAUSE_SEPARATOR) });
    if (newClauses.length) parts.push({ op: 'insert', text: newClauses.join(CLAUSE_SEPARATOR) });
    return { parts, too_many_changes: true };
  }
}

/** The parts of a redline (computeRedline) without its flag. */
export const getRedline = (previous: string, next: string): RedlinePart[] => computeRedline(previous, next).parts;

/** Runs jsdiff on two token lists within what is left of the budget, or throws TooManyChanges. */
function boundedDiff<T>(before: T[], after: T[], maxEditLength: number, deadline: number) {
  const timeout = deadline - Date.now();
  if (timeout <= 0) throw new TooManyChanges();
  const changes = diffArrays(before, after, { maxEditLength, timeout });
  if (!changes) throw new TooManyChanges();
  return changes;
}

/** One clause of the result: its parts, and on which side(s) it stands. */
type Entry = { parts: RedlinePart[]; inOld: boolean; inNew: boolean };

function clauseRedline(before: string[], after: string[], maxEditLength: number, deadline: number): RedlinePart[] {
  const entries: Entry[] = [];
  let removed: string[] = [];
  let added: string[] = [];
  const settle = () => {
    entries.push(...changedRegion(removed, added, maxEditLength, deadline));
    removed = [];
    added = [];
  };
  for (const change of boundedDiff(before, after, maxEditLength, deadline)) {
    if (change.removed) removed.push(...change.value);
    else if (change.added) added.push(...change.value);
    else {
      settle();
      for (const clause of change.value)
        entries.push({ parts: [{ op: 'equal', text: clause }], inOld: true, inNew: true });
    }
  }
  settle();
  // The blank line between two clauses belongs to the side(s) on which both stand.
  const parts: RedlinePart[] = [];
  let oldSeen = false;
  let newSeen = false;
  for (const entry of entries) {
    const sepOld = entry.inOld && oldSeen;
    const sepNew = entry.inNew && newSeen;
    if (sepOld || sepNew)
      push(parts, { op: sepOld && sepNew ? 'equal' : sepOld ? 'delete' : 'insert', text: CLAUSE_SEPARATOR });
    for (const part of entry.parts) push(parts, part);
    oldSeen ||= entry.inOld;
    newSeen ||= entry.inNew;
  }
  return parts;
}

/** Adds a part, joined to the last one when it is of the same kind. */
function push(parts: RedlinePart[], part: RedlinePart) {
  if (!part.text) return;
  const last = parts[parts.length - 1];
  if (last && last.op === part.op) last.text += part.text;
  else parts.push({ ...part });
}

const MAX_PAIRINGS = 2_500;
const MIN_SIMILARITY = 0.4;

/** The share of words two clauses have in common (Dice coefficient over their words, ignoring case). */
function similarity(a: Map<string, number>, b: Map<string, number>, sizeA: number, sizeB: number): number {
  if (sizeA + sizeB === 0) return 1;
  let common = 0;
  for (const [word, count] of a) common += Math.min(count, b.get(word) ?? 0);
  return (2 * common) / (sizeA + sizeB);
}

function wordBag(clause: string): { bag: Map<string, number>; size: number } {
  const bag = new Map<string, number>();
  let size = 0;
  for (const token of tokenise(clause.toLowerCase())) {
    if (!/[\p{L}\p{N}]/u.test(token)) continue;
    bag.set(token, (bag.get(token) ?? 0) + 1);
    size++;
  }
  return { bag, size };
}

/**
 * Clauses removed and added between two unchanged ones. Each removed clause is paired, in order,
 * with the most similar added one that follows the last pair (at least MIN_SIMILARITY of their
 * words in common): such a pair is one changed clause, marked token by token. The rest are whole
 * deletions and insertions.
 */
function changedRegion(removed: string[], added: string[], maxEditLength: number, deadline: number): Entry[] {
  const pairs: [number, number][] = [];
  if (removed.length && added.length && removed.length * added.length <= MAX_PAIRINGS) {
    const oldBags = removed.map(wordBag);
    const newBags = added.map(wordBag);
    let from = 0;
    oldBags.forEach((old, i) => {
      let best = -1;
      let bestScore = MIN_SIMILARITY;
      for (let j = from; j < newBags.length; j++) {
        const candidate = newBags[j] as (typeof newBags)[number];
        const score = similarity(old.bag, candidate.bag, old.size, candidate.size);
        if (score >= bestScore && (best === -1 || score > bestScore)) {
          best = j;
          bestScore = score;
        }
      }
      if (best >= 0) {
        pairs.push([i, best]);
        from = best + 1;
      }
    });
  }
  const entries: Entry[] = [];
  let i = 0;
  let j = 0;
  const deleteUpTo = (end: number) => {
    for (; i < end; i++)
      entries.push({ parts: [{ op: 'delete', text: removed[i] as string }], inOld: true, inNew: false });
  };
  const insertUpTo = (end: number) => {
    for (; j < end; j++)
      entries.push({ parts: [{ op: 'insert', text: added[j] as string }], inOld: false, inNew: true });
  };
  for (const [oldIndex, newIndex] of pairs) {
    deleteUpTo(oldIndex);
    insertUpTo(newIndex);
    entries.push({
      parts: tokenRedline(removed[oldIndex] as string, added[newIndex] as string, maxEditLength, deadline),
      inOld: true,
      inNew: true,
    });
    i = oldIndex + 1;
    j = newIndex + 1;
  }
  deleteUpTo(removed.length);
  insertUpTo(added.length);
  return entries;
}

/**
 * One changed clause, token by token. Between two changes a lone space stays with them, and the
 * deleted tokens of a run of changes come before its inserted ones: '~~in maart~~ in april' reads
 * better than '~~maart~~ april' with every other word struck out.
 */
function tokenRedline(before: string, after: string, maxEditLength: number, deadline: number): RedlinePart[] {
  const raw: RedlinePart[] = [];
  for (const change of boundedDiff(tokenise(before), tokenise(after), maxEditLength, deadline)) {
    const op: RedlineOp = change.added ? 'insert' : change.removed ? 'delete' : 'equal';
    raw.push({ op, text: change.value.join('') });
  }
  const parts: RedlinePart[] = [];
  let deleted = '';
  let inserted = '';
  const flush = () => {
    push(parts, { op: 'delete', text: deleted });
    push(parts, { op: 'insert', text: inserted });
    deleted = '';
    inserted = '';
  };
  raw.forEach((part, index) => {
    const between =
      part.op === 'equal' &&
      /^\s+$/.test(part.text) &&
      (deleted || inserted) &&
      raw[index + 1] !== undefined &&
      raw[index + 1]?.op !== 'equal';
    if (part.op === 'delete' || between) deleted += part.text;
    if (part.op === 'insert' || between) inserted += part.text;
    if (part.op === 'equal' && !between) {
      flush();
      push(parts, part);
    }
  });
  flush();
  return parts;
}
