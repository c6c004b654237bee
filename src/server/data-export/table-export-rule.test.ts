import { describe, expect, it } from 'vitest';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../infra/db/schema';
import { ENTRIES, EXPORT_RULES, EXPORTED_ENTRIES } from './rules';

/** Every table src/server/infra/db/schema.ts defines, by its SQL name. */
const TABLES: string[] = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table): string => getTableName(table))
  .sort();

describe('table-export-rule: every table has a decided export rule', () => {
  it('finds the tables of the schema (the enumeration itself works)', () => {
    expect(TABLES.length).toBeGreaterThan(30);
    for (const table of [
      'users',
      'cases',
      'documents',
      'messages',
      'settlement_versions',
      'settlement_responses',
      'settlement_signed',
      'appointments',
      'complaints',
      'engagement_withdrawals',
      'data_exports',
    ]) {
      expect(TABLES).toContain(table);
    }
  });

  it('gives every table a rule: exported to a named entry, or not exported with a reason', () => {
    const missing = TABLES.filter((table) => !(table in EXPORT_RULES));
    expect(missing, 'tables without an export rule in src/server/data-export/rules.ts').toEqual([]);
    for (const [table, rule] of Object.entries(EXPORT_RULES)) {
      if ('entry' in rule) expect(Object.values(ENTRIES), table).toContain(rule.entry);
      else expect(rule.notExported.length, `${table} needs a reason`).toBeGreaterThan(20);
    }
  });

  it('names no table that does not exist (a renamed or dropped table updates its rule)', () => {
    expect(Object.keys(EXPORT_RULES).filter((table) => !TABLES.includes(table))).toEqual([]);
  });

  it('exports the tables that hold what the client gave or the firm keeps about them', () => {
    for (const table of [
      'users',
      'cases',
      'answers',
      'contact_persons',
      'messages',
      'audit_events',
      'documents',
      'proposal_signatures',
      'engagement_withdrawals',
      'settlement_versions',
      'settlement_responses',
      'settlement_signed',
      'appointments',
      'complaints',
      'feedback',
    ]) {
      expect('entry' in EXPORT_RULES[table]!, table).toBe(true);
    }
    expect(EXPORTED_ENTRIES).toContain(ENTRIES.summary);
  });
});
