import { createHash } from 'node:crypto';
import type { Storage } from './storage';

export type MigrationResult = { copied: number; skipped: number; failed: string[]; bytes: number };

async function digestOf(storage: Storage, key: string): Promise<string> {
  const hash = createHash('sha256');
  const { stream } = await storage.read(key);
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Copies every file of `from` to `to` under the same key (so database rows keep pointing at
 * it) and verifies each copy by reading it back: its SHA-256 must equal the source's, which is
 * hashed while it streams up. A file already present with the same checksum is skipped, so
 * the migration can be run again after an interruption. A mismatching copy is removed and
 * reported; the source is never changed.
 */
export async function migrateStorage(
  from: Storage,
  to: Storage,
  report: (line: string) => void = () => undefined,
): Promise<MigrationResult> {
  const result: MigrationResult = { copied: 0, skipped: 0, failed: [], bytes: 0 };
  for await (const { key } of from.list()) {
    try {
      if (await to.exists(key)) {
        if ((await digestOf(to, key)) === (await digestOf(from, key))) {
          result.skipped += 1;
          continue;
        }
      }
      const hash = createHash('sha256');
      const { stream } = await from.read(key);
      const { size } = await to.put(key, stream, { onChunk: (chunk) => hash.update(chunk) });
      const expected = hash.digest('hex');
      const actual = await digestOf(to, key);
      if (actual !== expected) {
        await to.remove(key).catch(() => undefined);
        throw new Error('checksum mismatch after copy');
      }
      result.copied += 1;
      result.bytes += size;
    } catch (error) {
      result.failed.push(key);
      report(`failed ${key}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return result;
}
