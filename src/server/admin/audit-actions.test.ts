import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, auditActionKey } from '../../contract/admin';
import { EVENT_RULES, type EventKind } from '../domain-events';
import { serverTranslate } from '../infra/errors/language';

/** Every `.ts` source of the server, tests left out. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('audit actions in words', () => {
  it('knows every action the server records, and has Dutch and English words for each', () => {
    const recorded = new Set<string>();
    for (const file of sources(join(import.meta.dirname, '..'))) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(
        /'((?:case|proposal|document|message|feedback|lawyer|retention|audit|outbox)\.[a-z_]+)'/g,
      ))
        recorded.add(match[1]!);
    }
    // Changes recorded without an audit line (a read mark, a document opened) need no words.
    const audited = [...recorded].filter((action) => EVENT_RULES[action as EventKind]?.audit !== 'none');
    for (const action of audited)
      expect(AUDIT_ACTIONS as readonly string[], `${action} has no words`).toContain(action);
    const nl = serverTranslate('nl-NL');
    const en = serverTranslate('en-US');
    for (const action of AUDIT_ACTIONS) {
      const key = auditActionKey(action)!;
      expect(nl(key), action).not.toBe(key);
      expect(en(key), action).not.toBe(key);
      expect(en(key), action).not.toBe(nl(key));
    }
    expect(nl(auditActionKey('document.rejected')!)).toBe('Document afgekeurd');
    expect(auditActionKey('something.new')).toBeNull();
  });
});
