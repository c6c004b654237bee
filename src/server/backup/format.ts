import { readFileSync } from 'node:fs';
import path from 'node:path';
import { migrationsFolder } from '../infra/db/client';

/**
 * The archive's layout: `archive.json` first (format 2 on), `db/<table>/<n>.jsonl` (one row per
 * line), `files/<key>`, `manifest.json` last. Format 1 had no `archive.json`: its schema is known
 * only at the end, so such an archive is read twice to restore it.
 */
export const FORMAT = 2;
export const HEADER_ENTRY = 'archive.json';
export const MANIFEST_ENTRY = 'manifest.json';
export const SECRET_ENTRY = 'secrets/app-secret';
export const tableEntry = (table: string, part: number) => `db/${table}/${String(part).padStart(5, '0')}.jsonl`;
export const fileEntry = (key: string) => `files/${key}`;

export type Manifest = {
  format: number;
  created_at: string;
  /** The newest migration applied to the database: its journal tag and time (drizzle's `created_at`). */
  schema: { tag: string | null; when: number };
  database: 'pglite' | 'postgres';
  storage: 'disk' | 's3';
  /** Rows per table. */
  tables: Record<string, number>;
  /** SHA-256 of each database entry of the archive. */
  entries: Record<string, string>;
  /** Every stored file the database names, with its size and SHA-256 (absent for S3 without --include-files). */
  files: { key: string; size: number; sha256: string }[];
  /** Files the snapshot named that were gone when they were read (deleted in between). */
  missing: string[];
  /** S3 without --include-files: the bucket's list (key and size), the files themselves stay in the bucket. */
  bucket: { key: string; size: number }[] | null;
};

/** What a restore must know before the rows: the first entry of the archive (format 2 on). */
export type Header = Pick<Manifest, 'format' | 'created_at' | 'schema' | 'database' | 'storage'> & {
  /** The stored files are in the archive (disk, or S3 with --include-files). */
  files_included: boolean;
};

export type JournalEntry = { idx: number; when: number; tag: string };

/** The migrations this code knows (the drizzle journal), oldest first. */
export function journal(folder = migrationsFolder()): JournalEntry[] {
  const parsed = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return [...parsed.entries].sort((a, b) => a.when - b.when);
}
